import { RoomDetail } from '../../features/rooms';
import { SchedulesInForce } from '../../features/schedules';

export default function RoomPage() {
  return <RoomDetail aside={(room) => <SchedulesInForce radiators={room.radiators} />} />;
}
