import { CompareCo2 } from '../../features/dashboard';

export default function CompareCo2Page() {
  return <CompareCo2 />;
}
