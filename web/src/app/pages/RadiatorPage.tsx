import { RadiatorDetail } from '../../features/radiators';
import { useRoomChoices } from '../../features/rooms';
import { RadiatorScheduleInForce } from '../../features/schedules';

export default function RadiatorPage() {
  const rooms = useRoomChoices();
  return (
    <RadiatorDetail
      rooms={rooms}
      // A change of target or switch may start a manual hold, and one of room brings another
      // room's schedule: the schedule line loads again.
      aside={(radiator) => (
        <RadiatorScheduleInForce
          key={`${radiator.target_temperature}/${radiator.status}/${radiator.room_id}`}
          radiatorId={radiator.id}
        />
      )}
    />
  );
}
