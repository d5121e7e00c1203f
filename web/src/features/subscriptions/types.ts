import type { TFunction } from 'i18next';
import { formatPence } from '../../lib/units';

/** A plan on offer (`GET /v2/subscriptions`). */
export interface Plan {
  id: number;
  key: string;
  name: string;
  monthly_price_pence: number;
  radiator_limit: number;
  trial_days: number;
  features: string[];
  /** The price without VAT and the VAT in it, while HeatDesk charges VAT; null otherwise. */
  vat: VatSplit | null;
}

/** A price that includes VAT, split. */
export interface VatSplit {
  rate_percent: number;
  net_pence: number;
  vat_pence: number;
}

/** A plan's price a month as a business reads it: with what it is before VAT, where VAT is in
 *  it. */
export const planPrice = (plan: Plan, t: TFunction) => {
  const price = formatPence(plan.monthly_price_pence);
  return plan.vat
    ? t('subscriptions.perMonthWithVat', { price, net: formatPence(plan.vat.net_pence) })
    : t('subscriptions.perMonth', { price });
};

export type PlanStatus = 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired';

/** The status as a business reads it: a cancelled plan still in force is paid up and simply
 *  does not renew, not "cancelled" as if the service had stopped. */
export const statusShown = (userPlan: Pick<UserPlan, 'status' | 'in_force'>) =>
  userPlan.status === 'cancelled' && userPlan.in_force === 1 ? 'notRenewing' : userPlan.status;

/** The business's plan (`GET /v2/users/subscriptions/plan`). */
export interface UserPlan {
  plan: Plan;
  status: PlanStatus;
  period_end: string | null;
  trial_end: string | null;
  trial_days_left: number | null;
  /** The smaller plan the next period is on. */
  pending_plan: Plan | null;
  /** The last four digits of the card the plan renews on; null when it does not renew. */
  renews_on_card: string | null;
  /** 1 while the plan covers the business; 0 once its trial or period has ended. */
  in_force: 0 | 1;
}

export interface Payment {
  date: string;
  plan: string;
  amount_pence: number;
  status: 'paid' | 'declined';
  card_last4: string;
  /** A paid payment's invoice number (`HD-000042`); null for a declined one. */
  invoice: string | null;
}

export interface InvoiceParty {
  name: string;
  /** One line of the postal address an item. */
  address: string[];
  vat_number: string | null;
}

/** A paid payment's invoice: a VAT invoice, or a receipt while HeatDesk has no VAT number. */
export interface Invoice {
  number: string;
  date: string;
  kind: 'vat_invoice' | 'receipt';
  seller: InvoiceParty;
  customer: InvoiceParty;
  plan: string;
  /** The month paid for (from `start` up to `end`); none on payments from before invoices said it. */
  period: { start: string; end: string } | null;
  card_last4: string;
  /** What was paid, VAT included. */
  total_pence: number;
  vat: VatSplit | null;
}

/** A checkout opened in a new tab, waited on until the plan is active. */
export interface PaymentIntent {
  planId: number;
  url: string;
  /** When the checkout was opened (ms): its link lasts {@link CHECKOUT_LIFETIME_MS}. */
  openedAt: number;
}

/** How long a hosted checkout's link lasts, as the server keeps it: 30 minutes. */
export const CHECKOUT_LIFETIME_MS = 30 * 60_000;
