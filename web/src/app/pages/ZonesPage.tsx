import { ZonesList } from '../../features/zones';

export default function ZonesPage() {
  return <ZonesList />;
}
