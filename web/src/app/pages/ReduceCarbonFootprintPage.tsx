import { ReduceCarbonFootprint } from '../../features/insights';

export default function ReduceCarbonFootprintPage() {
  return <ReduceCarbonFootprint />;
}
