import { revisionOf, ZoneSchedulesInForce } from '../../features/schedules';
import { ZoneDetail } from '../../features/zones';

export default function ZonePage() {
  return (
    <ZoneDetail
      // Setting the zone or one of its rooms may start a manual hold: the panel says so.
      aside={(zone) => (
        <ZoneSchedulesInForce
          roomIds={zone.rooms.map((room) => room.id)}
          revision={revisionOf(zone.rooms)}
        />
      )}
    />
  );
}
