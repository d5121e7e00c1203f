import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http } from 'msw';
import type { User } from '../auth';
import { formatDay } from '../../lib/format';
import { renderWithProviders } from '../../test/render';
import { signedInAs, testUser } from '../../test/user';
import { answer, refusal, server, takePosts } from '../../test/server';
import { Co2Preferences } from './Co2Preferences';
import { EnergyUsagePreferences } from './EnergyUsagePreferences';
import { EntireOffice } from './EntireOffice';
import { Preferences } from './Preferences';
import { PreferencesOverview } from './PreferencesOverview';
import type { Charges, DashboardFigures, Goals } from './types';

/** A figure as the page writes it: isolated left-to-right. */
const iso = (text: string) => `\u2066${text}\u2069`;

const user = testUser<Goals>({
  electricity_budget_pence: 100000,
  carbon_goal_kg: 40,
  carbon_method: 'profile',
});

const signedIn = signedInAs(user);

const dashboard: DashboardFigures = {
  month: {
    kwh: 1200,
    cost_pence: 31250,
    co2_kg: 150,
    budget_pence: 100000,
    forecast_pence: 96875,
    budget_used: 0.313,
  },
  co2_saved: {
    baseline_kg: 60,
    actual_kg: 45.5,
    saved_kg: 14.5,
    goal_kg: 40,
    progress: 0.363,
    month_baseline_kg: 120,
  },
};

const charges: Charges = {
  current: { unit_rate_pence: 24.5, standing_charge_pence: 53.35 },
  is_default: 0,
  history: [
    {
      id: 3,
      unit_rate_pence: 27,
      standing_charge_pence: 55,
      effective_from: '2099-01-01',
      created_at: '2026-11-20T10:00:00Z',
    },
    {
      id: 2,
      unit_rate_pence: 24.5,
      standing_charge_pence: 53.35,
      effective_from: '2026-04-01',
      created_at: '2026-03-30T10:00:00Z',
    },
    {
      id: 1,
      unit_rate_pence: 22,
      standing_charge_pence: 50,
      effective_from: '2025-04-01',
      created_at: '2025-03-30T10:00:00Z',
    },
  ],
};

/** The API of the preferences pages; `me` answers the user as it is now. */
function api(me: () => User & Goals) {
  let meCalls = 0;
  let dashboardCalls = 0;
  server.use(
    http.get('/v2/auth/me', () => {
      meCalls += 1;
      return answer('Your account.', { me: me() });
    }),
    http.get('/v2/dashboard/commercial/web', () => {
      dashboardCalls += 1;
      return answer('Dashboard.', { dashboard });
    }),
    http.get('/v2/commercial/charges', () => answer('Electricity charges.', { charges })),
  );
  return { meCalls: () => meCalls, dashboardCalls: () => dashboardCalls };
}

describe('the preferences pages', () => {
  it('show the page the route names, with its tab chosen, and go to another by its tab', async () => {
    api(() => user);
    // The route matched `/preferences/energy-usage/`, with a trailing slash: the page is the
    // one the route names, not one worked out from the path.
    const { router } = renderWithProviders(<Preferences tab="energy" />, {
      route: '/preferences/energy-usage/',
      preloadedState: signedIn,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Energy usage preferences');
    const tabs = within(screen.getByRole('tablist', { name: 'Preferences' }));
    expect(tabs.getByRole('tab', { selected: true })).toHaveTextContent('Energy usage');
    expect(await screen.findByTestId('month-cost')).toHaveTextContent(iso('£312.50'));
    await userEvent.click(tabs.getByRole('tab', { name: 'CO2 savings' }));
    expect(router.state.location.pathname).toBe('/preferences/co2-savings');
  });
});

describe('the energy usage preferences', () => {
  it('saves the monthly budget with spec §8’s text and reads me again', async () => {
    const userEvents = userEvent.setup();
    let budget = 100000;
    const calls = api(() => ({ ...user, electricity_budget_pence: budget }));
    const patched: string[] = [];
    server.use(
      http.patch('/v2/users/budget/electricity/:pounds', ({ params }) => {
        patched.push(String(params.pounds));
        budget = 125050;
        return answer('Energy budget updated successfully');
      }),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    expect(await screen.findByTestId('month-cost')).toHaveTextContent(iso('£312.50'));
    expect(screen.getByTestId('month-budget')).toHaveTextContent(iso('£1,000.00'));
    const field = screen.getByLabelText('Budget per month');
    expect(field).toHaveValue('1000');
    await userEvents.clear(field);
    await userEvents.type(field, '£1,250.50');
    await userEvents.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('Energy budget updated successfully')).toBeInTheDocument();
    expect(patched).toEqual(['1250.5']);
    await waitFor(() => expect(screen.getByLabelText('Budget per month')).toHaveValue('1250.5'));
    // Once when the page opened, once after the change.
    expect(calls.meCalls()).toBe(2);
  });

  it('says by how much a month already over its budget is over, and no forecast', async () => {
    api(() => user);
    const over = { ...dashboard.month, cost_pence: 115_400, forecast_pence: 180_000 };
    server.use(
      http.get('/v2/dashboard/commercial/web', () =>
        answer('Dashboard.', { dashboard: { ...dashboard, month: over } }),
      ),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    expect(
      await screen.findByText(`The month has already cost ${iso('£154.00')} more than the budget.`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/will cost more than the budget/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a budget on its field, and checks it first itself', async () => {
    const userEvents = userEvent.setup();
    api(() => user);
    const patched: string[] = [];
    server.use(
      http.patch('/v2/users/budget/electricity/:pounds', ({ params }) => {
        patched.push(String(params.pounds));
        return refusal(422, 'Budgets are locked for this business.', {
          value: ['Budgets are locked for this business.'],
        });
      }),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    const field = await screen.findByLabelText('Budget per month');
    await userEvents.clear(field);
    await userEvents.type(field, '12.345');
    await userEvents.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(
      screen.getByText(
        'Use a number of pounds above 0 and up to 10,000,000, with at most two decimals.',
      ),
    ).toBeInTheDocument();
    expect(patched).toEqual([]);

    await userEvents.clear(field);
    await userEvents.type(field, '900');
    await userEvents.click(screen.getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(patched).toEqual(['900']));
    // The field says it, and no toast repeats it.
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Budgets are locked for this business.'),
    );
    expect(screen.getAllByText('Budgets are locked for this business.')).toHaveLength(1);
  });

  it('lists the tariff history with the one in force marked, and adds a tariff', async () => {
    const userEvents = userEvent.setup();
    const calls = api(() => user);
    const posted: unknown[] = [];
    server.use(
      http.post('/v2/commercial/charges', async ({ request }) => {
        const body = (await request.json()) as { unit_rate_pence: number };
        posted.push(body);
        if (body.unit_rate_pence > 100)
          return refusal(422, 'Some fields need correcting.', {
            unit_rate_pence: ['Use 0.01 to 200 pence.'],
          });
        return answer('Electricity charges saved.', {
          charges: {
            ...charges,
            history: [
              {
                id: 4,
                unit_rate_pence: 26.1,
                standing_charge_pence: 60,
                effective_from: '2026-12-01',
                created_at: '2026-11-23T10:00:00Z',
              },
              ...charges.history,
            ],
          },
        });
      }),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    const table = await screen.findByRole('region', { name: 'Tariff history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Upcoming');
    expect(rows[2]).toHaveTextContent('1 Apr 2026');
    expect(rows[2]).toHaveTextContent('In force');
    expect(rows[2]).toHaveTextContent('24.5 p/kWh');
    expect(rows[2]).toHaveTextContent('53.35 p/day');
    // On a phone the Entered column is left out and the row says it under the day.
    const [firstCell] = within(rows[2]).getAllByRole('cell');
    expect(within(firstCell).getByText(/^Entered 30 Mar 2026/)).toBeInTheDocument();
    expect(rows[3]).not.toHaveTextContent('In force');
    expect(screen.getByTestId('tariff-current')).toHaveTextContent(
      'In force today: 24.5 p/kWh and 53.35 p/day.',
    );

    await userEvents.type(screen.getByLabelText('Unit rate'), '-5');
    await userEvents.type(screen.getByLabelText('Standing charge'), '60');
    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    expect(await screen.findByText('A price cannot be negative.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await userEvents.clear(screen.getByLabelText('Unit rate'));
    await userEvents.type(screen.getByLabelText('Unit rate'), '126.1');
    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    expect(await screen.findByText('Use 0.01 to 200 pence.')).toBeInTheDocument();

    await userEvents.clear(screen.getByLabelText('Unit rate'));
    await userEvents.type(screen.getByLabelText('Unit rate'), '26.1');
    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    expect(await screen.findByText('Electricity charges saved.')).toBeInTheDocument();
    expect(posted[1]).toMatchObject({ unit_rate_pence: 26.1, standing_charge_pence: 60 });
    expect((posted[1] as { effective_from: string }).effective_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByTestId('tariff-2026-12-01')).toHaveTextContent('26.1 p/kWh');
    await waitFor(() => expect(calls.dashboardCalls()).toBe(2));
    // Entered: the rates are emptied, so the same tariff is not entered twice.
    expect(screen.getByLabelText('Unit rate')).toHaveValue('');
    expect(screen.getByLabelText('Standing charge')).toHaveValue('');
  });

  it('asks before a tariff replaces the one entered from the same day', async () => {
    const userEvents = userEvent.setup();
    api(() => user);
    // The form starts at today: a tariff from today is the one it would replace.
    const today = dayjs().format('YYYY-MM-DD');
    const fromToday = {
      id: 2,
      unit_rate_pence: 24.5,
      standing_charge_pence: 53.35,
      effective_from: today,
      created_at: '2026-03-30T10:00:00Z',
    };
    server.use(
      http.get('/v2/commercial/charges', () =>
        answer('Electricity charges.', { charges: { ...charges, history: [fromToday] } }),
      ),
    );
    const posted = takePosts('/v2/commercial/charges', () =>
      answer('Electricity charges saved.', { charges }),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    await screen.findByTestId(`tariff-${today}`);
    await userEvents.type(screen.getByLabelText('Unit rate'), '26.1');
    await userEvents.type(screen.getByLabelText('Standing charge'), '60');
    const day = formatDay(today, 'en');
    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    const dialog = screen.getByRole('alertdialog', { name: `Replace the tariff from ${day}?` });
    expect(dialog).toHaveTextContent(
      'A tariff of 24.5 p/kWh and 53.35 p/day is already entered from that day.',
    );
    await userEvents.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted).toEqual([]);
    expect(screen.getByLabelText('Unit rate')).toHaveValue('26.1');

    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    const again = screen.getByRole('alertdialog', { name: `Replace the tariff from ${day}?` });
    await userEvents.click(within(again).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('Electricity charges saved.')).toBeInTheDocument();
    expect(posted).toEqual([
      { unit_rate_pence: 26.1, standing_charge_pence: 60, effective_from: today },
    ]);
  });

  it('asks before a tariff from a past day costs the days since again', async () => {
    const userEvents = userEvent.setup();
    api(() => user);
    const posted = takePosts('/v2/commercial/charges', () =>
      answer('Electricity charges saved.', { charges }),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    await screen.findByRole('region', { name: 'Tariff history' });
    await userEvents.type(screen.getByLabelText('Unit rate'), '26.1');
    await userEvents.type(screen.getByLabelText('Standing charge'), '60');
    const from = screen.getByRole('group', { name: 'Effective from' });
    await userEvents.click(within(from).getByRole('spinbutton', { name: 'Year' }));
    await userEvents.keyboard('1990');
    const day = formatDay(dayjs().year(1990).format('YYYY-MM-DD'), 'en');
    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: `Cost the days from ${day} again?`,
    });
    expect(dialog).toHaveTextContent(
      `The energy used from ${day} on is costed again at 26.1 p/kWh and 60 p/day, up to the next tariff entered`,
    );
    await userEvents.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted).toEqual([]);

    await userEvents.click(screen.getByRole('button', { name: 'Add tariff' }));
    const again = await screen.findByRole('alertdialog', {
      name: `Cost the days from ${day} again?`,
    });
    await userEvents.click(within(again).getByRole('button', { name: 'Add tariff' }));
    expect(await screen.findByText('Electricity charges saved.')).toBeInTheDocument();
    expect(posted).toMatchObject([{ unit_rate_pence: 26.1, standing_charge_pence: 60 }]);
    expect((posted[0] as { effective_from: string }).effective_from).toMatch(/^1990-/);
  });

  it('deletes a tariff entered by mistake after asking, and keeps it when told not to', async () => {
    const userEvents = userEvent.setup();
    const calls = api(() => user);
    const deleted: string[] = [];
    server.use(
      http.delete('/v2/commercial/charges/:id', ({ params }) => {
        deleted.push(String(params.id));
        return answer('Tariff deleted.', {
          charges: { ...charges, history: charges.history.slice(1) },
        });
      }),
    );
    renderWithProviders(<EnergyUsagePreferences />, {
      route: '/preferences/energy-usage',
      preloadedState: signedIn,
    });
    const remove = await screen.findByRole('button', { name: 'Delete the tariff from 1 Jan 2099' });
    await userEvents.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the tariff from 1 Jan 2099?' });
    await userEvents.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    expect(screen.getByTestId('tariff-2099-01-01')).toBeInTheDocument();

    await userEvents.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete the tariff from 1 Jan 2099?' });
    await userEvents.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tariff deleted.')).toBeInTheDocument();
    expect(deleted).toEqual(['3']);
    // The month's cost is counted at the tariffs: its figures are read again.
    await waitFor(() => expect(calls.dashboardCalls()).toBe(2));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('tariff-2099-01-01')).not.toBeInTheDocument());
    const table = screen.getByRole('region', { name: 'Tariff history' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});

describe('the CO2 savings preferences', () => {
  it('saves the CF goal with spec §8’s text, beside this month’s saving and its baseline', async () => {
    const userEvents = userEvent.setup();
    api(() => user);
    const patched: string[] = [];
    server.use(
      http.patch('/v2/users/goal/carbon-footprint/:kg', ({ params }) => {
        patched.push(String(params.kg));
        return answer('CF Goal updated successfully');
      }),
    );
    renderWithProviders(<Co2Preferences />, {
      route: '/preferences/co2-savings',
      preloadedState: signedIn,
    });
    expect(await screen.findByTestId('co2-saved')).toHaveTextContent(iso('14.5 kg'));
    expect(screen.getByText('Baseline CO2').nextSibling).toHaveTextContent(iso('60.0 kg'));
    const field = screen.getByLabelText('CO2 to save per month');
    expect(field).toHaveValue('40');
    await userEvents.clear(field);
    await userEvents.type(field, '0');
    await userEvents.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(
      screen.getByText(
        'Use a number of kg above 0 and up to 10,000,000, with at most two decimals.',
      ),
    ).toBeInTheDocument();
    await userEvents.clear(field);
    await userEvents.type(field, '55');
    await userEvents.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('CF Goal updated successfully')).toBeInTheDocument();
    expect(patched).toEqual(['55']);
  });

  it('says a goal above the whole month’s baseline cannot be reached', async () => {
    // 60 kg of baseline so far, about 120 kg for the whole month (the server's projection).
    api(() => user);
    const absurd = { ...dashboard.co2_saved, goal_kg: 5_000_000, progress: 0 };
    server.use(
      http.get('/v2/dashboard/commercial/web', () =>
        answer('Dashboard.', { dashboard: { ...dashboard, co2_saved: absurd } }),
      ),
    );
    const { unmount } = renderWithProviders(<Co2Preferences />, {
      route: '/preferences/co2-savings',
      preloadedState: signedIn,
    });
    expect(await screen.findByTestId('goal-out-of-reach')).toHaveTextContent(
      `This goal is more than the whole month’s baseline, about ${iso('120.0 kg')} at the rate so far`,
    );
    unmount();
    // Within it (the usual figures: a 40 kg goal), nothing is said.
    api(() => user);
    renderWithProviders(<Co2Preferences />, {
      route: '/preferences/co2-savings',
      preloadedState: signedIn,
    });
    await screen.findByTestId('co2-saved');
    expect(screen.queryByTestId('goal-out-of-reach')).not.toBeInTheDocument();
  });

  it('removes the CF goal after asking, and offers no removal once there is none', async () => {
    const userEvents = userEvent.setup();
    let goal: number | null = 40;
    let removals = 0;
    api(() => ({ ...user, carbon_goal_kg: goal }));
    server.use(
      http.delete('/v2/users/goal/carbon-footprint', () => {
        removals += 1;
        goal = null;
        return answer('CF goal removed.');
      }),
    );
    renderWithProviders(<Co2Preferences />, {
      route: '/preferences/co2-savings',
      preloadedState: signedIn,
    });
    await userEvents.click(await screen.findByRole('button', { name: 'Remove the goal' }));
    const asked = within(screen.getByRole('alertdialog', { name: 'Remove the monthly CF goal?' }));
    await userEvents.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(removals).toBe(0);
    await userEvents.click(screen.getByRole('button', { name: 'Remove the goal' }));
    const again = within(screen.getByRole('alertdialog', { name: 'Remove the monthly CF goal?' }));
    await userEvents.click(again.getByRole('button', { name: 'Remove the goal' }));
    expect(await screen.findByText('CF goal removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('CO2 to save per month')).toHaveValue(''));
    expect(screen.queryByRole('button', { name: 'Remove the goal' })).toBeNull();
  });

  it('switches the CO2 method, reads me again and reloads the figures it counts', async () => {
    const userEvents = userEvent.setup();
    let method: Goals['carbon_method'] = 'profile';
    const calls = api(() => ({ ...user, carbon_method: method }));
    const patched: string[] = [];
    server.use(
      http.patch('/v2/users/goal/carbon-method/:method', ({ params }) => {
        patched.push(String(params.method));
        method = params.method as Goals['carbon_method'];
        return answer('CO2 method updated successfully');
      }),
    );
    renderWithProviders(<Co2Preferences />, {
      route: '/preferences/co2-savings',
      preloadedState: signedIn,
    });
    const profile = await screen.findByRole('radio', { name: /GB grid intensity profile/ });
    expect(profile).toBeChecked();
    await userEvents.click(screen.getByRole('radio', { name: /DESNZ conversion factor/ }));
    expect(await screen.findByText('CO2 method updated successfully')).toBeInTheDocument();
    expect(patched).toEqual(['desnz']);
    await waitFor(() => expect(calls.meCalls()).toBe(2));
    await waitFor(() => expect(calls.dashboardCalls()).toBe(2));
    expect(screen.getByRole('radio', { name: /DESNZ conversion factor/ })).toBeChecked();
  });
});

const room = (id: number, name: string, zone: [number, string] | null, more = {}) => ({
  id,
  name,
  zone_id: zone?.[0] ?? null,
  zone_name: zone?.[1] ?? null,
  radiator_count: 2,
  status: 1,
  current_temperature: 20,
  target_temperature: 21,
  heating: 0,
  reported: 1,
  ...more,
});

const rooms = [
  // Three radiators at 19 °C weigh three times one (as the server averages its radiators).
  room(1, 'Reception', [5, 'Ground floor'], {
    heating: 1,
    current_temperature: 19,
    radiator_count: 3,
  }),
  room(2, 'Board room', [6, 'First floor'], { current_temperature: 21.5 }),
  room(3, 'Café', [5, 'Ground floor'], { current_temperature: 21 }),
  room(4, 'Store', null, { current_temperature: null, radiator_count: 0 }),
];

describe('the entire office', () => {
  it('shows every room floor by floor, with the live state over the loaded one', async () => {
    server.use(http.get('/v2/rooms', () => answer('Rooms.', { rooms })));
    renderWithProviders(<EntireOffice />, {
      route: '/preferences/entire-office',
      preloadedState: {
        radiators: {
          isLoading: false,
          radiators: [],
          simulated: true,
          radiatorToUpdate: null,
          error: null,
          snapshots: 0,
          // The board room's radiator reports it heating at 20.5 °C.
          live: {
            7: {
              id: 7,
              room_id: 2,
              current_temperature: 20.5,
              power_w: 800,
              heating: 1,
              online: 1,
              last_seen: new Date().toISOString(),
            },
          },
        },
      },
    });
    const ground = await screen.findByRole('region', { name: 'Ground floor' });
    const sections = screen.getAllByRole('region');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Ground floor',
      'First floor',
      'Rooms in no zone',
    ]);
    expect(
      within(ground)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Café', 'Reception']);
    expect(ground).toHaveTextContent(
      `Rooms: 2 · average ${iso('19.8 °C')} (by radiator) · heating: 1`,
    );
    const board = screen.getByTestId('office-room-Board room');
    expect(board).toHaveTextContent(iso('20.5 °C'));
    expect(board).toHaveTextContent(`Target ${iso('21.0 °C')}`);
    expect(within(board).getByText('Heating')).toBeInTheDocument();
    expect(screen.getByTestId('office-summary')).toHaveTextContent(
      `Rooms: 4 · zones: 2 · average ${iso('19.9 °C')} (by radiator) · heating now: 2`,
    );
  });
});

describe('the preferences overview', () => {
  it('shows the budget, the CF goal and the rooms heating, each with the way to change it', async () => {
    api(() => user);
    server.use(http.get('/v2/rooms', () => answer('Rooms.', { rooms })));
    renderWithProviders(<PreferencesOverview />, {
      route: '/preferences',
      preloadedState: signedIn,
    });
    expect(await screen.findByTestId('glance-budget')).toHaveTextContent(iso('£1,000.00'));
    expect(
      await screen.findByText(`${iso('£312.50')} spent this month so far`),
    ).toBeInTheDocument();
    expect(screen.getByTestId('glance-goal')).toHaveTextContent(iso('40.0 kg'));
    expect(
      screen.getByText(
        `${iso('14.5 kg')} saved this month against a baseline of ${iso('60.0 kg')}`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('glance-office')).toHaveTextContent('1 of 4'));
    expect(screen.getByRole('link', { name: 'Budget and tariff' })).toHaveAttribute(
      'href',
      '/preferences/energy-usage',
    );
    expect(await screen.findByText('Tariff: 24.5 p/kWh, 53.35 p/day')).toBeInTheDocument();
  });
});
