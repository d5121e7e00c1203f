import { RoomDetail } from '../../features/rooms';
import { revisionOf, SchedulesInForce } from '../../features/schedules';

export default function RoomPage() {
  return (
    <RoomDetail
      // Setting the room or one of its radiators may start a manual hold: the panel says so.
      aside={(room) => (
        <SchedulesInForce radiators={room.radiators} revision={revisionOf(room.radiators)} />
      )}
    />
  );
}
