import { authClient, type Envelope } from '../../lib/http';
import type { Invoice, Payment, Plan, UserPlan } from './types';

/** The business's card payments: JSON, or with `?format=csv` a file. */
export const PAYMENTS_PATH = '/v2/users/subscriptions/payments';

export const subscriptionsApi = {
  plans: () =>
    authClient.get<Envelope<{ plans: Plan[]; pays_now_pence: Record<string, number> }>>(
      '/v2/subscriptions',
    ),
  userPlan: () =>
    authClient.get<Envelope<{ plan: UserPlan | null; declined_in_checkout: number }>>(
      '/v2/users/subscriptions/plan',
    ),
  freeTrial: (planId: number) =>
    authClient.post<Envelope<{ plan: UserPlan }>>('/v2/users/subscriptions/get_free_trial', {
      plan_id: planId,
    }),
  /** Opens a hosted checkout for the plan; answers its URL. */
  checkout: (planId: number) =>
    authClient.post<Envelope<{ url: string }>>('/v2/nmi/get_token', { plan_id: planId }),
  /** A larger plan answers a checkout URL; a smaller one the plan with it waiting. */
  change: (planId: number) =>
    authClient.post<Envelope<{ url: string | null; plan: UserPlan | null }>>(
      '/v2/users/subscriptions/change',
      { plan_id: planId },
    ),
  cancel: () => authClient.post<Envelope<{ plan: UserPlan }>>('/v2/users/subscriptions/cancel', {}),
  payments: () => authClient.get<Envelope<{ payments: Payment[] }>>(PAYMENTS_PATH),
  invoice: (number: string) =>
    authClient.get<Envelope<{ invoice: Invoice }>>(
      `/v2/users/subscriptions/invoices/${encodeURIComponent(number)}`,
    ),
};
