import { PlanPayment } from '../../features/subscriptions';

export default function PlanPaymentPage() {
  return <PlanPayment />;
}
