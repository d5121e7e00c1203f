import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchMe, type User } from '../auth';
import { renderWithProviders } from '../../test/render';
import { signedInAs, testUser } from '../../test/user';
import { answer, refusal, server } from '../../test/server';
import { ConfirmAddress } from './ConfirmAddress';
import { ConsentSetup } from './ConsentSetup';
import { EnergyUsageSetup } from './EnergyUsageSetup';
import { macError, mpanError, onboardingRedirect } from './steps';
import { WithdrawConsent } from './WithdrawConsent';
import type { Consent } from './types';

const user = (onboarding: User['onboarding']) => testUser({ onboarding });

const signedIn = (onboarding: User['onboarding']) => signedInAs(user(onboarding));

/** `me` answering the step after the one just done. */
const meAt = (onboarding: User['onboarding']) =>
  http.get('/v2/auth/me', () => answer('You.', { me: user(onboarding) }));

const consent = (extra: Partial<Consent> = {}): Consent => ({
  terms_version: '2026-11',
  mpan: '1200023305967',
  ihd_mac: null,
  agreed_at: '2026-01-15T09:00:00Z',
  withdrawn_at: null,
  active: 1,
  ...extra,
});

describe('the onboarding steps', () => {
  it('sends an unfinished business to its step, and lets a finished one go anywhere', () => {
    expect(onboardingRedirect('plan', '/home')).toBe('/subscription-plan');
    expect(onboardingRedirect('plan', '/plan-payment')).toBeNull();
    expect(onboardingRedirect('consent', '/subscription-plan')).toBe('/consent-setup');
    expect(onboardingRedirect('address', '/rooms')).toBe('/confirm-address');
    expect(onboardingRedirect('energy_usage', '/energy-usage')).toBeNull();
    expect(onboardingRedirect('done', '/consent-setup')).toBeNull();
    expect(onboardingRedirect(undefined, '/home')).toBeNull();
  });

  it('checks an MPAN’s check digit and a display’s MAC as the server does', () => {
    expect(mpanError('12 0002 3305 967')).toBeUndefined();
    expect(mpanError('1200023305968')).toBe('onboarding.consent.mpanCheck');
    expect(mpanError('12000233059')).toBe('onboarding.consent.mpanDigits');
    expect(macError('00-1a-2b-3c-4d-5e-6f-70')).toBeUndefined();
    expect(macError('')).toBeUndefined();
    expect(macError('00-1A-2B')).toBe('onboarding.consent.macInvalid');
  });
});

describe('the onboarding area', () => {
  it('follows the step that me answers', async () => {
    server.use(meAt('consent'));
    const { store } = renderWithProviders(<p>page</p>, { preloadedState: signedIn('plan') });
    expect(store.getState().onboarding.isOnboarding).toBe(true);
    server.use(meAt('done'));
    await store.dispatch(fetchMe());
    expect(store.getState().onboarding.isOnboarding).toBe(false);
  });
});

describe('consent', () => {
  it('asks for the box, checks the fields, sends consent and display, and moves on', async () => {
    const ui = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get('/v2/consents', () => answer('Consent.', { consent: null })),
      http.post('/v2/consents', async ({ request }) => {
        sent.push(await request.json());
        return answer('Consent given: HeatDesk can read your smart meter.', { consent: consent() });
      }),
      http.post('/v2/consents/ihd_mac', async ({ request }) => {
        sent.push(await request.json());
        return answer('In-home display saved.', {
          consent: consent({ ihd_mac: '001A2B3C4D5E6F70' }),
        });
      }),
      meAt('address'),
    );
    const { router, store } = renderWithProviders(<ConsentSetup />, {
      route: '/consent-setup',
      preloadedState: signedIn('consent'),
    });
    await ui.type(screen.getByLabelText(/MPAN/), '1200023305968');
    await ui.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(
      await screen.findByText('This MPAN’s check digit does not match: check each digit again.'),
    ).toBeInTheDocument();
    // Every problem at once, the agreement's too, not one round at a time.
    expect(screen.getByText('Tick the box to agree to the terms.')).toBeInTheDocument();
    // The terms are still a click away beside the error.
    expect(screen.getByRole('link', { name: 'Read the terms' })).toHaveAttribute(
      'href',
      '/terms-conditions#smart-meter',
    );
    await ui.clear(screen.getByLabelText(/MPAN/));
    await ui.type(screen.getByLabelText(/MPAN/), '1200 0233 0596 7');
    await ui.type(screen.getByLabelText(/In-home display/), '00-1a-2b-3c-4d-5e-6f-70');
    await ui.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByText('Tick the box to agree to the terms.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await ui.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await ui.click(screen.getByRole('button', { name: 'Give consent' }));
    // Straight on to the step `me` says is next, not home first for the guard to send it on.
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm-address'));
    expect(sent).toEqual([
      { terms_version: '2026-11', agreed: 1, mpan: '1200023305967' },
      { ihd_mac: '00-1a-2b-3c-4d-5e-6f-70' },
    ]);
    expect(store.getState().auth.user?.onboarding).toBe('address');
    expect(store.getState().consent.consent).toEqual(consent({ ihd_mac: '001A2B3C4D5E6F70' }));
    expect(store.getState().consent.consentPayload).toBeNull();
  });

  it('keeps what was typed while the terms are read', async () => {
    const ui = userEvent.setup();
    server.use(http.get('/v2/consents', () => answer('Consent.', { consent: null })));
    const { router, store } = renderWithProviders(<ConsentSetup />, {
      route: '/consent-setup',
      preloadedState: signedIn('consent'),
    });
    await ui.type(screen.getByLabelText(/MPAN/), '1200023305967');
    await ui.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await ui.click(screen.getByRole('link', { name: /terms/i }));
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(store.getState().consent.consentPayload).toEqual({
      mpan: '1200023305967',
      ihd_mac: '',
      agreed: true,
    });
    await act(() => router.navigate('/consent-setup'));
    expect(await screen.findByLabelText(/MPAN/)).toHaveValue('1200023305967');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
  });

  it('says a consent in force is so, with its meter filled in', async () => {
    let reads = 0;
    server.use(
      http.get('/v2/consents', () => {
        reads += 1;
        return answer('Consent.', { consent: consent({ ihd_mac: '001A2B3C4D5E6F70' }) });
      }),
    );
    renderWithProviders(<ConsentSetup />, {
      route: '/consent-setup',
      preloadedState: signedIn('done'),
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      /Your consent is in force for the meter .1200023305967., given on /,
    );
    expect(screen.getByLabelText(/MPAN/)).toHaveValue('1200023305967');
    expect(screen.getByLabelText(/In-home display/)).toHaveValue('001A2B3C4D5E6F70');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
    // Read once: filling the fields in does not read it again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).toBe(1);
  });
});

describe('the registered address', () => {
  it('starts from the registered address and shows the server’s field errors', async () => {
    const ui = userEvent.setup();
    server.use(
      http.post('/v2/users/address/confirm', () =>
        refusal(422, 'Enter a valid UK postcode, like SW1A 1AA.', {
          business_post_code: ['Enter a valid UK postcode, like SW1A 1AA.'],
        }),
      ),
    );
    renderWithProviders(<ConfirmAddress />, {
      route: '/confirm-address',
      preloadedState: signedIn('address'),
    });
    expect(screen.getByLabelText(/Address line 1/)).toHaveValue('1 High Street');
    await ui.click(screen.getByRole('button', { name: 'Confirm address' }));
    expect(
      await screen.findAllByText('Enter a valid UK postcode, like SW1A 1AA.'),
    ).not.toHaveLength(0);
  });
});

describe('energy usage', () => {
  it('shows the meter’s week by day and finishes onboarding', async () => {
    const ui = userEvent.setup();
    const readings = [
      // Local times with the business's offset: 00:00 in Dubai is still the 14th in UTC.
      { start: '2026-01-14T08:00:00+04:00', kwh: 1.25 },
      { start: '2026-01-14T23:30:00+04:00', kwh: 11.25 },
      { start: '2026-01-15T00:00:00+04:00', kwh: 0.5 },
    ];
    server.use(
      http.get('/v2/meter/readings', () => answer('Meter readings.', { readings })),
      http.post('/v2/users/onboarding/complete', () =>
        answer('Welcome to HeatDesk: your dashboard is ready.', { onboarding: 'done' }),
      ),
      meAt('done'),
    );
    const { router } = renderWithProviders(<EnergyUsageSetup />, {
      route: '/energy-usage',
      preloadedState: signedIn('energy_usage'),
    });
    expect(await screen.findByTestId('meter-total')).toHaveTextContent('over 3 half-hours');
    const table = screen.getByRole('table', { name: 'Electricity per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // One number of decimals, the largest's: 12.5 over 0.5, not 0.50.
    expect(rows[1]).toHaveTextContent(/12\.5 kWh/);
    expect(rows[2]).toHaveTextContent(/0\.5 kWh/);
    await ui.click(screen.getByRole('button', { name: 'Go to my dashboard' }));
    expect(
      await screen.findByText('Welcome to HeatDesk: your dashboard is ready.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('says so when there is no consent', async () => {
    server.use(
      http.get('/v2/meter/readings', () =>
        refusal(
          403,
          'HeatDesk reads your smart meter only with your consent: give it under Consent.',
        ),
      ),
    );
    renderWithProviders(<EnergyUsageSetup />, {
      route: '/energy-usage',
      preloadedState: signedIn('done'),
    });
    expect(
      await screen.findByText(/you have not given your consent, or you withdrew it/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Give consent' })).toHaveAttribute(
      'href',
      '/consent-setup',
    );
    expect(screen.queryByRole('button', { name: 'Go to my dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Withdraw consent' })).toBeNull();
  });

  it('offers an onboarded business the way to withdraw its consent', async () => {
    const readings = [{ start: '2026-01-14T08:00:00+00:00', kwh: 1.25 }];
    server.use(http.get('/v2/meter/readings', () => answer('Meter readings.', { readings })));
    renderWithProviders(<EnergyUsageSetup />, {
      route: '/energy-usage',
      preloadedState: signedIn('done'),
    });
    expect(await screen.findByTestId('meter-total')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Withdraw consent' })).toHaveAttribute(
      'href',
      '/withdraw-consent',
    );
  });
});

describe('withdrawing consent', () => {
  it('shows the consent and withdraws it after asking', async () => {
    const ui = userEvent.setup();
    server.use(
      http.get('/v2/consents', () =>
        answer('Consent.', { consent: consent({ ihd_mac: '001A2B3C4D5E6F70' }) }),
      ),
      http.post('/v2/consents/withdraw', () =>
        HttpResponse.json({
          code: 200,
          description: 'Consent withdrawn: HeatDesk no longer reads your smart meter.',
          data: { consent: consent({ active: 0, withdrawn_at: '2026-01-16T09:00:00Z' }) },
        }),
      ),
    );
    renderWithProviders(<WithdrawConsent />, {
      route: '/withdraw-consent',
      preloadedState: signedIn('done'),
    });
    expect(await screen.findByText('Meter (MPAN): 1200023305967')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw your consent?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Withdraw consent' }));
    expect(
      await screen.findByText('Consent withdrawn: HeatDesk no longer reads your smart meter.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('consent-state')).toHaveTextContent(
      'You withdrew your consent on',
    );
  });
});
