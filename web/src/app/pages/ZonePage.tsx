import { ZoneDetail } from '../../features/zones';

export default function ZonePage() {
  return <ZoneDetail />;
}
