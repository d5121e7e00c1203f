import { RadiatorDetail } from '../../features/radiators';
import { useRoomChoices } from '../../features/rooms';
import { RadiatorScheduleInForce, revisionOf } from '../../features/schedules';

export default function RadiatorPage() {
  const rooms = useRoomChoices();
  return (
    <RadiatorDetail
      rooms={rooms}
      // A change of target or switch may start a manual hold, and one of room brings another
      // room's schedule: the schedule line loads again.
      aside={(radiator) => (
        <RadiatorScheduleInForce radiatorId={radiator.id} revision={revisionOf([radiator])} />
      )}
    />
  );
}
