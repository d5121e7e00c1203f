export { subscriptionPlanSlice } from './slice';
