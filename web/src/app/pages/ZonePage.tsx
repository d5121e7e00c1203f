import { ZoneSchedulesInForce } from '../../features/schedules';
import { ZoneDetail } from '../../features/zones';

export default function ZonePage() {
  return (
    <ZoneDetail
      aside={(zone) => <ZoneSchedulesInForce roomIds={zone.rooms.map((room) => room.id)} />}
    />
  );
}
