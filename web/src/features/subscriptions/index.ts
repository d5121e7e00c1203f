export {
  fetchPlans,
  fetchUserPlan,
  reset as resetSubscriptionPlan,
  subscriptionPlanSlice,
  type SubscriptionPlanState,
} from './slice';
export type { Payment, Plan, UserPlan } from './types';
export { DownloadPayments } from './DownloadPayments';
export { InvoiceDocument } from './InvoiceDocument';
export { PlanChooser } from './PlanChooser';
export { PlanPayment } from './PlanPayment';
export { PlanReminder } from './PlanReminder';
export { SubscriptionOverview } from './SubscriptionOverview';
