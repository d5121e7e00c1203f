import { RadiatorsList } from '../../features/radiators';

export default function RadiatorsPage() {
  return <RadiatorsList />;
}
