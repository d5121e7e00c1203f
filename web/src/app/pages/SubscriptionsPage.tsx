import { SubscriptionOverview } from '../../features/subscriptions';

export default function SubscriptionsPage() {
  return <SubscriptionOverview />;
}
