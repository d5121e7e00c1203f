import { HomeDashboard } from '../../features/dashboard';

export default function HomePage() {
  return <HomeDashboard />;
}
