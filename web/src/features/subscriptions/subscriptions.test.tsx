import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { signedInAs, testUser } from '../../test/user';
import { answer, refusal, server } from '../../test/server';
import { PAYMENT_POLL_MS, PlanPayment } from './PlanPayment';
import { PlanChooser } from './PlanChooser';
import { PlanReminder } from './PlanReminder';
import { InvoiceDocument } from './InvoiceDocument';
import { SubscriptionOverview } from './SubscriptionOverview';
import { planChosen, subscriptionPlanSlice } from './slice';
import type { Invoice, Plan, UserPlan } from './types';

/** A figure as the page writes it: isolated left-to-right. */
const iso = (text: string) => `\u2066${text}\u2069`;

const plan = (id: number, key: string, name: string, pence: number, limit: number): Plan => ({
  id,
  key,
  name,
  monthly_price_pence: pence,
  radiator_limit: limit,
  trial_days: 14,
  features: ['Help by email'],
  vat: null,
});
// As a HeatDesk with a VAT number lists it: the price says the VAT in it.
const business = {
  ...plan(2, 'business', 'Business', 7900, 100),
  vat: { rate_percent: 20, net_pence: 6583, vat_pence: 1317 },
};
const plans = [plan(1, 'starter', 'Starter', 2900, 25), business];

const onPlan = (status: UserPlan['status'], extra: Partial<UserPlan> = {}): UserPlan => ({
  plan: business,
  status,
  period_end: null,
  trial_end: null,
  trial_days_left: null,
  pending_plan: null,
  renews_on_card: null,
  in_force: 1,
  ...extra,
});

/** The plans, the business's plan and, since a move down must fit them, its `radiators`. */
function plansServer(userPlan: UserPlan | null, radiators = 3) {
  server.use(
    http.get('/v2/subscriptions', () => answer('Plans.', { plans, pays_now_pence: {} })),
    http.get('/v2/users/subscriptions/plan', () => answer('Your plan.', { plan: userPlan })),
    http.get('/v2/radiators', () =>
      answer('Radiators.', { radiators: Array.from({ length: radiators }, (_, id) => ({ id })) }),
    ),
    meAfterPlan,
  );
}

/** Answers asking for plan 2 as the server does: the business stays on Business, active and
 *  renewing on its card; answers the requests' bodies. */
function staysServer() {
  const changes: unknown[] = [];
  server.use(
    http.post('/v2/users/subscriptions/change', async ({ request }) => {
      changes.push(await request.json());
      return answer('Your business stays on the Business plan.', {
        url: null,
        plan: onPlan('active', { period_end: '2026-02-15T09:00:00Z', renews_on_card: '1111' }),
      });
    }),
  );
  return changes;
}

/** `me` once the plan step is done: onboarding moves on to the consent. */
const meAfterPlan = http.get('/v2/auth/me', () =>
  answer('You.', { me: testUser({ onboarding: 'consent' }) }),
);

afterEach(() => vi.restoreAllMocks());

describe('choosing a plan', () => {
  it('starts the one free trial of a plan and goes home', async () => {
    const user = userEvent.setup();
    plansServer(null);
    let asked: unknown = null;
    server.use(
      http.post('/v2/users/subscriptions/get_free_trial', async ({ request }) => {
        asked = await request.json();
        return answer('Your 14-day free trial of Business has started.', {
          plan: onPlan('trialing', { trial_days_left: 14 }),
        });
      }),
    );
    const { router, store } = renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    const card = await screen.findByRole('region', { name: 'Business' });
    // Choosing the first plan is an onboarding step: there is no subscription to go back to.
    expect(screen.queryByRole('link', { name: 'Subscriptions' })).toBeNull();
    expect(
      within(card).getByText(
        `${iso('£79.00')} a month including VAT (${iso('£65.83')} before VAT)`,
      ),
    ).toBeInTheDocument();
    const starter = screen.getByRole('region', { name: 'Starter' });
    expect(within(starter).getByText(`${iso('£29.00')} a month`)).toBeInTheDocument();
    expect(within(card).getByText(`Radiators: up to ${iso('100')}`)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Start a 14-day free trial' }));
    expect(
      await screen.findByText('Your 14-day free trial of Business has started.'),
    ).toBeInTheDocument();
    expect(asked).toEqual({ plan_id: 2 });
    // Straight on to the step `me` says is next.
    await waitFor(() => expect(router.state.location.pathname).toBe('/consent-setup'));
    expect(store.getState().subscriptionPlan.userPlan?.status).toBe('trialing');
    expect(store.getState().onboarding.isOnboarding).toBe(true);
    expect(store.getState().auth.user?.onboarding).toBe('consent');
  });

  it('offers no second trial, shows the server’s refusal, and takes a plan to payment', async () => {
    const user = userEvent.setup();
    plansServer(onPlan('expired'));
    const { router, store } = renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    const card = await screen.findByRole('region', { name: /Business/ });
    expect(within(card).getByText('Your plan')).toBeInTheDocument();
    // An expired plan is paid for again here: there is no running subscription to go back to.
    expect(screen.queryByRole('link', { name: 'Subscriptions' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: /free trial/ })).toBeNull());
    await user.click(within(card).getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-payment'));
    expect(store.getState().subscriptionPlan.planChoosed?.key).toBe('business');
  });
});

describe('changing a paid plan', () => {
  it('moves down at the period’s end and offers an upgrade now', async () => {
    const user = userEvent.setup();
    plansServer(onPlan('active', { period_end: '2026-02-15T09:00:00Z' }));
    const estate = plan(3, 'estate', 'Estate', 19900, 1000);
    const changes: unknown[] = [];
    server.use(
      // Estate today: its £199.00 less £53.51 for the rest of Business's paid month.
      http.get('/v2/subscriptions', () =>
        answer('Plans.', { plans: [...plans, estate], pays_now_pence: { 3: 14549 } }),
      ),
      http.post('/v2/users/subscriptions/change', async ({ request }) => {
        changes.push(((await request.json()) as { plan_id: number }).plan_id);
        return answer(
          'Your plan changes to Starter when this period ends (2026-02-15T09:00:00Z).',
          {
            url: null,
            plan: onPlan('active', {
              period_end: '2026-02-15T09:00:00Z',
              pending_plan: plans[0] ?? null,
            }),
          },
        );
      }),
    );
    const { router, store } = renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    const current = await screen.findByRole('region', { name: /Business/ });
    expect(within(current).queryByRole('button')).toBeNull();
    expect(
      screen.getByText(/comes off its first payment; a smaller one starts when/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Try one free/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'href',
      '/subscriptions',
    );
    const larger = screen.getByRole('region', { name: 'Estate' });
    expect(within(larger).getByRole('button', { name: 'Upgrade now' })).toBeInTheDocument();
    expect(larger).toHaveTextContent(
      /Today .£145\.49.: the first month less .£53\.51. for the rest of the month already paid\./,
    );
    const smaller = screen.getByRole('region', { name: 'Starter' });
    const moveDown = within(smaller).getByRole('button', {
      name: 'Move to it when this period ends',
    });
    // It asks first, saying what the business keeps until when and what it moves to.
    await user.click(moveDown);
    let dialog = screen.getByRole('alertdialog', { name: /^Move to Starter on 15 Feb 2026/ });
    expect(dialog).toHaveTextContent(
      /You keep Business until 15 Feb 2026.*Then your plan becomes Starter: .*£29\.00.* a month, for up to .*25.* radiators\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes).toEqual([]);
    await user.click(moveDown);
    dialog = screen.getByRole('alertdialog', { name: /^Move to Starter/ });
    await user.click(within(dialog).getByRole('button', { name: 'Move to Starter' }));
    expect(changes).toEqual([1]);
    // The toast says the day in the reader's words, not the server's timestamp.
    expect(
      await screen.findByText(/^Your plan changes to Starter on 15 Feb 2026, \d\d:\d\d\.$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(store.getState().subscriptionPlan.userPlan?.pending_plan?.key).toBe('starter');
  });

  it('shows the move down waiting on its plan, with a way to keep the plan', async () => {
    const user = userEvent.setup();
    const waiting = { period_end: '2026-02-15T09:00:00Z', pending_plan: plans[0] ?? null };
    plansServer(onPlan('active', waiting));
    const changes = staysServer();
    renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    const smaller = await screen.findByRole('region', { name: 'Starter' });
    expect(within(smaller).getByText(/^Moves to Starter on 15 Feb 2026/)).toBeInTheDocument();
    expect(within(smaller).queryByRole('button', { name: /Move to it/ })).toBeNull();
    await user.click(within(smaller).getByRole('button', { name: 'Keep Business' }));
    expect(changes).toEqual([{ plan_id: 2 }]);
  });

  it('says before the click that a smaller plan must fit the radiators', async () => {
    plansServer(onPlan('active', { period_end: '2026-02-15T09:00:00Z' }), 32);
    renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    const smaller = await screen.findByRole('region', { name: 'Starter' });
    expect(
      await within(smaller).findByText(
        /has .*32.* radiators and Starter controls up to .*25.*: remove .*7.* of them/,
      ),
    ).toBeInTheDocument();
    expect(
      within(smaller).getByRole('button', { name: 'Move to it when this period ends' }),
    ).toBeDisabled();
  });

  it('calls off a move down still waiting', async () => {
    const user = userEvent.setup();
    const period = { period_end: '2026-02-15T09:00:00Z' };
    plansServer(
      onPlan('active', { ...period, pending_plan: plans[0] ?? null, renews_on_card: '1111' }),
    );
    const changes: unknown[] = [];
    server.use(
      http.get('/v2/users/subscriptions/payments', () => answer('Payments.', { payments: [] })),
      http.post('/v2/users/subscriptions/change', async ({ request }) => {
        changes.push(((await request.json()) as { plan_id: number }).plan_id);
        return answer('Your business stays on the Business plan.', {
          url: null,
          plan: onPlan('active', period),
        });
      }),
    );
    renderWithProviders(<SubscriptionOverview />, { route: '/subscriptions' });
    expect(await screen.findByText(/Moves to Starter on 15 Feb 2026/)).toBeInTheDocument();
    expect(
      screen.getByText(/it renews then as Starter, .*£29\.00.* a month, on the card ending 1111\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep Business' }));
    expect(
      await screen.findByText('Your business stays on the Business plan.'),
    ).toBeInTheDocument();
    expect(changes).toEqual([2]);
    expect(screen.queryByText(/Moves to Starter/)).toBeNull();
  });

  it('cancels after asking, and says until when the plan lasts', async () => {
    const user = userEvent.setup();
    plansServer(onPlan('active', { period_end: '2026-02-15T09:00:00Z', renews_on_card: '1111' }));
    server.use(
      http.get('/v2/users/subscriptions/payments', () => answer('Payments.', { payments: [] })),
      http.post('/v2/users/subscriptions/cancel', () =>
        answer('Your plan is cancelled: it stays in force until 2026-02-15T09:00:00Z.', {
          plan: onPlan('cancelled', { period_end: '2026-02-15T09:00:00Z' }),
        }),
      ),
    );
    renderWithProviders(<SubscriptionOverview />, { route: '/subscriptions' });
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    expect(screen.getByText(/it renews then on the card ending 1111/)).toBeInTheDocument();
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your plan?' });
    // Backing out is not a second "Cancel".
    expect(within(dialog).getByRole('button', { name: 'Keep Business' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(
      await screen.findByText(/^Your plan is cancelled: it stays in force until 15 Feb 2026/),
    ).toBeInTheDocument();
    // Paid up until then: not renewing, rather than "cancelled" as if it had stopped.
    expect(await screen.findByText('Not renewing')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Paid until 15 Feb 2026, .*: it stays in force until then and does not renew\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/it renews then/)).toBeNull();
    // Nothing left to cancel once the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull());
  });
});

describe('a cancelled trial', () => {
  it('says until when it runs', async () => {
    const trial = { trial_end: '2026-01-29T09:00:00Z', trial_days_left: null };
    plansServer(onPlan('cancelled', trial));
    server.use(
      http.get('/v2/users/subscriptions/payments', () => answer('Payments.', { payments: [] })),
    );
    renderWithProviders(<SubscriptionOverview />, { route: '/subscriptions' });
    expect(await screen.findByText(/^The free trial runs until 29 Jan 2026/)).toBeInTheDocument();
  });

  it('says during a trial that a paid month starts when the trial ends', async () => {
    plansServer(onPlan('trialing', { trial_end: '2026-01-29T09:00:00Z', trial_days_left: 14 }));
    renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    expect(
      await screen.findByText(
        /Your free trial runs until 29 Jan 2026, \d\d:\d\d: pay by card now and your paid month starts when it ends\./,
      ),
    ).toBeInTheDocument();
    const current = screen.getByRole('region', { name: /Business/ });
    expect(within(current).getByText('Free trial')).toBeInTheDocument();
  });

  it('offers no second trial', async () => {
    plansServer(onPlan('expired', { trial_end: '2026-01-29T09:00:00Z' }));
    renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    expect(await screen.findByText(/has had its free trial: pay by card/)).toBeInTheDocument();
    expect(screen.queryByText(/Try one free/)).toBeNull();
  });
});

describe('a cancelled plan whose paid month runs', () => {
  const cancelled = onPlan('cancelled', { period_end: '2026-02-15T09:00:00Z' });

  it('is resumed from its card, and a smaller plan waits for the month to end', async () => {
    const user = userEvent.setup();
    plansServer(cancelled);
    const changes = staysServer();
    const { router } = renderWithProviders(<PlanChooser />, { route: '/subscription-plan' });
    const smaller = await screen.findByRole('region', { name: 'Starter' });
    expect(
      await within(smaller).findByRole('button', { name: 'Move to it when this period ends' }),
    ).toBeEnabled();
    const same = screen.getByRole('region', { name: /Business/ });
    expect(within(same).getByText('Not renewing')).toBeInTheDocument();
    expect(within(same).queryByRole('button', { name: /Pay by card|Upgrade/ })).toBeNull();
    await user.click(within(same).getByRole('button', { name: 'Resume Business' }));
    expect(
      await screen.findByText('Your business stays on the Business plan.'),
    ).toBeInTheDocument();
    expect(changes).toEqual([{ plan_id: 2 }]);
    expect(router.state.location.pathname).toBe('/subscriptions');
  });

  it('is resumed from the subscription page', async () => {
    const user = userEvent.setup();
    plansServer(cancelled);
    server.use(
      http.get('/v2/users/subscriptions/payments', () => answer('Payments.', { payments: [] })),
    );
    const changes = staysServer();
    renderWithProviders(<SubscriptionOverview />, { route: '/subscriptions' });
    await user.click(await screen.findByRole('button', { name: 'Resume Business' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/it renews then on the card ending 1111/)).toBeInTheDocument();
    expect(changes).toEqual([{ plan_id: 2 }]);
    expect(screen.queryByRole('button', { name: 'Resume Business' })).toBeNull();
  });
});

describe('choosing a plan after a checkout was opened', () => {
  const opened = {
    ...subscriptionPlanSlice.getInitialState(),
    planChoosed: plans[0],
    paymentIntent: { planId: 1, url: 'http://localhost/checkout/starter', openedAt: Date.now() },
  };

  it('forgets the checkout of another plan, so the page opens one for the plan shown', () => {
    const next = subscriptionPlanSlice.reducer(opened, planChosen(business));
    expect(next.planChoosed).toEqual(business);
    expect(next.paymentIntent).toBeNull();
  });

  it('keeps the checkout already open for the same plan', () => {
    const next = subscriptionPlanSlice.reducer(opened, planChosen(plans[0]));
    expect(next.paymentIntent).toEqual(opened.paymentIntent);
  });
});

describe('paying for a plan', () => {
  const chosen = {
    subscriptionPlan: {
      isLoading: false,
      subscriptionPlans: plans,
      paysNowPence: {},
      planChoosed: business,
      paymentIntent: null,
      userPlan: null,
      declinedInCheckout: 0,
      error: null,
    },
  };

  beforeEach(() => {
    server.use(
      http.get('/v2/subscriptions', () => answer('Plans.', { plans, pays_now_pence: {} })),
    );
  });

  it('says what an upgrade costs today, as the plans did', async () => {
    // Business today: its £79.00 less £20.00 for the rest of Starter's paid month.
    server.use(
      http.get('/v2/subscriptions', () => answer('Plans.', { plans, pays_now_pence: { 2: 5900 } })),
    );
    renderWithProviders(<PlanPayment />, { route: '/plan-payment', preloadedState: chosen });
    expect(
      await screen.findByText(
        /^Today .£59\.00.: the first month less .£20\.00. for the rest of the month already paid\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('does not wait for a checkout whose link has expired: it offers a new one', () => {
    const expired = Date.now() - 31 * 60_000;
    renderWithProviders(<PlanPayment />, {
      route: '/plan-payment',
      preloadedState: {
        subscriptionPlan: {
          ...chosen.subscriptionPlan,
          paymentIntent: { planId: business.id, url: 'http://localhost/old', openedAt: expired },
        },
      },
    });
    expect(screen.getByRole('button', { name: 'Open the secure checkout' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for your payment in the other tab…')).toBeNull();
  });

  it('opens the checkout in a new tab and moves on once the plan is active', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const user = userEvent.setup();
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      let current: UserPlan | null = null;
      let declined = 0;
      server.use(
        http.post('/v2/nmi/get_token', () =>
          answer('Checkout opened: pay in the new tab.', { url: 'http://localhost/checkout/abc' }),
        ),
        http.get('/v2/users/subscriptions/plan', () =>
          answer('Your plan.', { plan: current, declined_in_checkout: declined }),
        ),
        meAfterPlan,
      );
      const { router, store } = renderWithProviders(<PlanPayment />, {
        route: '/plan-payment',
        preloadedState: chosen,
      });
      await user.click(screen.getByRole('button', { name: 'Open the secure checkout' }));
      expect(
        await screen.findByText('Waiting for your payment in the other tab…'),
      ).toBeInTheDocument();
      expect(open).toHaveBeenCalledWith('http://localhost/checkout/abc', '_blank', 'noopener');

      await act(async () => {
        vi.advanceTimersByTime(PAYMENT_POLL_MS);
      });
      expect(router.state.location.pathname).toBe('/plan-payment');
      // A card declined in the other tab is told here too.
      declined = 1;
      await act(async () => {
        vi.advanceTimersByTime(PAYMENT_POLL_MS);
      });
      expect(
        await screen.findByText(
          'The card was declined in the checkout tab and nothing was charged: try another card there.',
        ),
      ).toBeInTheDocument();
      current = onPlan('active', { period_end: '2026-02-15T09:00:00Z' });
      declined = 0;
      await act(async () => {
        vi.advanceTimersByTime(PAYMENT_POLL_MS);
      });
      expect(await screen.findByText('Payment received: Business is active.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/consent-setup'));
      expect(store.getState().subscriptionPlan.planChoosed).toBeNull();
      expect(store.getState().subscriptionPlan.paymentIntent).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to the plan after an upgrade is paid, past onboarding', async () => {
    const onboarded = testUser({ onboarding: 'done' as const });
    server.use(http.get('/v2/auth/me', () => answer('You.', { me: onboarded })));
    const { router } = renderWithProviders(<PlanPayment />, {
      route: '/plan-payment',
      preloadedState: {
        ...signedInAs(onboarded),
        subscriptionPlan: {
          ...chosen.subscriptionPlan,
          paymentIntent: {
            planId: business.id,
            url: 'http://localhost/checkout/abc',
            openedAt: Date.now(),
          },
          userPlan: onPlan('active', { period_end: '2026-02-15T09:00:00Z' }),
        },
      },
    });
    expect(await screen.findByText('Payment received: Business is active.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
  });

  it('shows the server’s description when the checkout cannot open', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/v2/nmi/get_token', () =>
        refusal(422, 'Choose one of the plans.', { plan_id: ['Choose one of the plans.'] }),
      ),
    );
    renderWithProviders(<PlanPayment />, { route: '/plan-payment', preloadedState: chosen });
    await user.click(screen.getByRole('button', { name: 'Open the secure checkout' }));
    expect(await screen.findByText('Choose one of the plans.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the secure checkout' })).toBeInTheDocument();
  });
});

describe('the subscription page', () => {
  it('shows the plan, the trial days left and the payments, and downloads them', async () => {
    const user = userEvent.setup();
    plansServer(onPlan('trialing', { trial_days_left: 9, trial_end: '2026-01-29T09:00:00Z' }));
    const asked: string[] = [];
    server.use(
      http.get('/v2/users/subscriptions/payments', ({ request }) => {
        const format = new URL(request.url).searchParams.get('format');
        if (format === 'csv') {
          asked.push(format);
          return new HttpResponse('date,plan,amount_gbp,status,card_last4,invoice\n', {
            headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          });
        }
        return answer('Payments.', {
          payments: [
            {
              date: '2026-01-15T09:00:00Z',
              plan: 'Business',
              amount_pence: 7900,
              status: 'paid',
              card_last4: '1111',
              invoice: 'HD-000042',
            },
            {
              date: '2026-01-15T08:59:00Z',
              plan: 'Business',
              amount_pence: 7900,
              status: 'declined',
              card_last4: '0002',
              invoice: null,
            },
          ],
        });
      }),
    );
    const saved: string[] = [];
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:payments', revokeObjectURL }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderWithProviders(<SubscriptionOverview />, { route: '/subscriptions' });
    expect(await screen.findByText('Free trial')).toBeInTheDocument();
    expect(screen.getByTestId('trial-left')).toHaveTextContent('Free trial days left: 9');
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByText('Declined')).toBeInTheDocument();
    expect(within(table).getByText(iso('•••• 0002'))).toBeInTheDocument();
    expect(within(table).getAllByText(iso('£79.00'))).toHaveLength(2);
    // The paid one links to its invoice; the declined one has none.
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/subscriptions/invoices/HD-000042',
    ]);
    await user.click(screen.getByRole('button', { name: 'Download the payments (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['heatdesk-payments.csv']));
    expect(asked).toEqual(['csv']);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:payments'));
    click.mockRestore();
  });
});

describe('an invoice', () => {
  const invoice = (extra: Partial<Invoice> = {}): Invoice => ({
    number: 'HD-000042',
    date: '2026-01-15T09:00:00Z',
    kind: 'vat_invoice',
    seller: {
      name: 'HeatDesk',
      address: ['12 Wellington Street', 'Leeds LS1 4DL'],
      vat_number: 'GB123456789',
    },
    customer: { name: 'Acme Heating', address: ['1 High Street', 'LS1 4AP'], vat_number: null },
    plan: 'Business',
    period: { start: '2026-01-15T09:00:00Z', end: '2026-02-15T09:00:00Z' },
    card_last4: '1111',
    total_pence: 7900,
    vat: { rate_percent: 20, net_pence: 6583, vat_pence: 1317 },
    ...extra,
  });
  const route = {
    route: '/subscriptions/invoices/HD-000042',
    path: '/subscriptions/invoices/:invoiceNumber',
  };

  it('shows the seller, the customer, the price without VAT, the VAT and the total, and prints', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/v2/users/subscriptions/invoices/HD-000042', () =>
        answer('Invoice HD-000042.', { invoice: invoice() }),
      ),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithProviders(<InvoiceDocument />, route);
    const sheet = await screen.findByRole('article');
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent('VAT invoice');
    expect(sheet).toHaveTextContent('Date and tax point: 15 Jan 2026');
    expect(sheet).toHaveTextContent(`VAT number ${iso('GB123456789')}`);
    expect(sheet).toHaveTextContent('Acme Heating1 High StreetLS1 4AP');
    const rows = within(sheet)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      `HeatDesk Business plan, excluding VATFor 15 Jan 2026 to 15 Feb 2026${iso('£65.83')}`,
      `VAT at 20%${iso('£13.17')}`,
      `Total paid${iso('£79.00')}`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('is a receipt with no VAT while HeatDesk has no VAT number', async () => {
    // Paid before invoices named their month: the line says the plan alone.
    const receipt = invoice({
      kind: 'receipt',
      period: null,
      vat: null,
      seller: { ...invoice().seller, vat_number: null },
    });
    server.use(
      http.get('/v2/users/subscriptions/invoices/HD-000042', () =>
        answer('Invoice HD-000042.', { invoice: receipt }),
      ),
    );
    renderWithProviders(<InvoiceDocument />, route);
    const sheet = await screen.findByRole('article');
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent('Receipt');
    expect(sheet).toHaveTextContent('Date: 15 Jan 2026');
    expect(sheet).not.toHaveTextContent('VAT');
    expect(
      within(sheet)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([`HeatDesk Business plan${iso('£79.00')}`, `Total paid${iso('£79.00')}`]);
  });

  it('says one that is not the business’s does not exist, with the way back', async () => {
    server.use(
      http.get('/v2/users/subscriptions/invoices/HD-000042', () =>
        refusal(404, 'This invoice does not exist.'),
      ),
    );
    renderWithProviders(<InvoiceDocument />, route);
    expect(await screen.findByText('This invoice does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscriptions' })).toHaveAttribute(
      'href',
      '/subscriptions',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('the plan reminder', () => {
  it('asks for a plan once the trial has ended, and says nothing while one is in force', async () => {
    plansServer(onPlan('expired', { in_force: 0 }));
    const { unmount } = renderWithProviders(<PlanReminder />, { route: '/rooms' });
    const reminder = await screen.findByTestId('plan-reminder');
    expect(reminder).toHaveTextContent(
      'Your Business plan has ended: choose a plan to add radiators.',
    );
    expect(within(reminder).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/subscription-plan',
    );
    unmount();
    let asked = 0;
    server.use(
      http.get('/v2/users/subscriptions/plan', () => {
        asked += 1;
        return answer('Your plan.', { plan: onPlan('active') });
      }),
    );
    const { store } = renderWithProviders(<PlanReminder />, { route: '/rooms' });
    await waitFor(() => expect(store.getState().subscriptionPlan.userPlan?.status).toBe('active'));
    expect(asked).toBe(1);
    expect(screen.queryByTestId('plan-reminder')).toBeNull();
  });
});
