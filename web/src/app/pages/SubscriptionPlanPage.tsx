import { PlanChooser } from '../../features/subscriptions';

export default function SubscriptionPlanPage() {
  return <PlanChooser />;
}
