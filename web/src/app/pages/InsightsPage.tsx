import { InsightsList } from '../../features/insights';

export default function InsightsPage() {
  return <InsightsList />;
}
