import { RadiatorDetail } from '../../features/radiators';

export default function RadiatorPage() {
  return <RadiatorDetail />;
}
