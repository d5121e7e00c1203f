import { RadiatorsList } from '../../features/radiators';
import { useRoomChoices } from '../../features/rooms';

export default function RadiatorsPage() {
  return <RadiatorsList rooms={useRoomChoices()} />;
}
