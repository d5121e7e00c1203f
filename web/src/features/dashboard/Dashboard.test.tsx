import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { EnergyHistory } from '../analytics';
import { ltr } from '../../lib/format';
import { answer, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import HomeDashboard from './Dashboard';
import { DEFAULT_LAYOUTS, WIDGETS_KEY } from './layout';
import type { Dashboard } from './types';
import { SchedulesWidget, WeekWidget } from './widgets';
import { signedInAs, testUser } from '../../test/user';
import { radiatorsReported } from '../radiators';

const figures: Dashboard = {
  today: { kwh: 12.345, cost_pence: 456, co2_kg: 1.53 },
  month: {
    kwh: 300,
    cost_pence: 12_000,
    co2_kg: 37.2,
    budget_pence: 20_000,
    forecast_pence: 24_000,
    budget_used: 0.6,
  },
  co2_saved: {
    baseline_kg: 50,
    actual_kg: 37.2,
    saved_kg: 12.8,
    goal_kg: 20,
    progress: 0.64,
    month_baseline_kg: 100,
  },
  radiators: { total: 6, online: 5, heating: 3 },
  indoor_temperature: 20.4,
  outdoor_temperature: 7.5,
  active_schedules: 2,
  next_closed_days: null,
};

const day = (date: string, kwh: number) => ({
  start: `${date}T00:00:00+00:00`,
  kwh,
  cost_pence: Math.round(kwh * 25),
  co2_kg: kwh * 0.12,
});
const week: EnergyHistory = {
  type: 'week',
  start: '2026-11-16T00:00:00+00:00',
  end: '2026-11-23T00:00:00+00:00',
  buckets: [day('2026-11-16', 30), day('2026-11-17', 25.5), day('2026-11-18', 0)],
  totals: { kwh: 55.5, cost_pence: 1388, co2_kg: 6.66 },
  previous: {
    start: '2026-11-09T00:00:00+00:00',
    end: '2026-11-16T00:00:00+00:00',
    buckets: [day('2026-11-09', 40), day('2026-11-10', 41), day('2026-11-11', 39)],
    // The whole of last week; its first three days are the buckets above.
    totals: { kwh: 280, cost_pence: 7000, co2_kg: 33.6 },
  },
  began: '2026-01-05T00:00:00+00:00',
  // Last week to the same point as this one, as the server sums it from the hours.
  previous_so_far: { kwh: 120, cost_pence: 3000, co2_kg: 14.4 },
};

const room = {
  id: 1,
  name: 'Board room',
  zone_id: null,
  zone_name: null,
  radiator_count: 2,
  status: 1,
  radiators_on: 2,
  current_temperature: 19.6,
  target_temperature: 21,
  heating: 1,
  reported: 1,
};

function serve(dashboard: Dashboard = figures) {
  server.use(
    http.get('/v2/dashboard/commercial/web', () => answer('Dashboard.', { dashboard })),
    http.get('/v2/analytics/commercial/web/energy-history-graph', () =>
      answer('Energy history.', { energy_history: week }),
    ),
    http.get('/v2/rooms', () => answer('Rooms.', { rooms: [room] })),
    http.get('/v2/insights', () =>
      answer('Insights.', {
        insights: [
          {
            id: 3,
            kind: 'warm_rooms',
            severity: 'warning',
            title: '‘Boardroom’ is kept above 22 °C',
            body: '‘Boardroom’ averaged 23.1 °C over the last 7 days.',
            action_path: '/rooms',
            params: { room: 'Boardroom', celsius: 23.1, others: 0 },
            created_at: '2026-11-18T03:00:00Z',
          },
        ],
      }),
    ),
    http.get('/v2/notifications', () =>
      answer('Notifications.', {
        notifications: [
          {
            id: 7,
            kind: 'budget_80',
            title: '80% of the budget used',
            body: 'This month has used £160.00 of its £200.00 budget.',
            params: { cost_pence: 16000, budget_pence: 20000 },
            created_at: '2026-11-18T09:00:00Z',
            read: 0,
          },
        ],
        unread: 1,
        enabled: 1,
      }),
    ),
  );
}

const widgetOrder = () =>
  screen.getAllByRole('region').map((region) => region.getAttribute('data-testid'));

const renderHome = () =>
  renderWithProviders(<HomeDashboard />, {
    route: '/home',
    preloadedState: signedInAs(testUser({ business_name: 'Acme Heating Ltd' })),
  });

describe('the home dashboard', () => {
  it('says a budget already spent is over by so much, not by the forecast', async () => {
    serve({ ...figures, month: { ...figures.month, cost_pence: 25_000, budget_used: 1.25 } });
    renderHome();
    const budget = await screen.findByRole('region', { name: 'Budget this month' });
    await waitFor(() =>
      expect(budget).toHaveTextContent(`Already over budget by ${ltr('£50.00')}`),
    );
    expect(budget).not.toHaveTextContent('Forecast over budget');
  });

  it('shows the figures of the dashboard and of the week', async () => {
    serve();
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome, Acme Heating Ltd',
    );
    expect(await screen.findByTestId('today-energy')).toHaveTextContent('12.3 kWh');
    expect(screen.getByTestId('today-cost')).toHaveTextContent('£4.56');

    const budget = screen.getByRole('region', { name: 'Budget this month' });
    expect(within(budget).getByTestId('month-cost')).toHaveTextContent('£120.00');
    expect(budget).toHaveTextContent(`of a ${ltr('£200.00')} budget`);
    expect(budget).toHaveTextContent(`Forecast to the month’s end: ${ltr('£240.00')}`);
    expect(budget).toHaveTextContent(`Forecast over budget by ${ltr('£40.00')}`);
    expect(within(budget).getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute(
      'aria-valuetext',
      ltr('60%'),
    );

    // The saving is never shown without its baseline.
    const co2 = screen.getByRole('region', { name: 'CO2 saved this month' });
    expect(within(co2).getByTestId('co2-saved')).toHaveTextContent('12.8 kg');
    expect(within(co2).getByTestId('co2-baseline')).toHaveTextContent(
      `Baseline ${ltr('50.0 kg')} · actual ${ltr('37.2 kg')}`,
    );
    expect(co2).toHaveTextContent(`${ltr('64%')} of the ${ltr('20.0 kg')} CF goal`);
    expect(within(co2).getByRole('link', { name: 'Compare' })).toHaveAttribute(
      'href',
      '/home/compare-co2',
    );

    const rooms = screen.getByRole('region', { name: 'Rooms live' });
    expect(await within(rooms).findByRole('link', { name: 'Board room' })).toHaveAttribute(
      'href',
      '/rooms/Board%20room',
    );
    expect(within(rooms).getByTestId('room-temperature')).toHaveTextContent('19.6 °C');
    expect(within(rooms).getByText('Heating')).toBeInTheDocument();
    expect(rooms).toHaveTextContent('5 of 6 radiators online · 3 heating');

    expect(screen.getByTestId('outdoor-temperature')).toHaveTextContent('7.5 °C');
    expect(screen.getByTestId('indoor-temperature')).toHaveTextContent('20.4 °C');
    expect(screen.getByTestId('active-schedules')).toHaveTextContent('2');
    expect(
      within(screen.getByRole('region', { name: 'Energy this week' })).getByText(
        `This week so far: ${ltr('55.5 kWh')} (${ltr('£13.88')}). Last week: ${ltr('120.0 kWh')} to the same point, ${ltr('280.0 kWh')} in all.`,
      ),
    ).toBeInTheDocument();
    const latest = screen.getByRole('region', { name: 'Insights and notifications' });
    expect(await within(latest).findByText(`${ltr('80%')} of the budget used`)).toBeInTheDocument();
    // The latest insights join them.
    expect(
      await within(latest).findByText(`‘Boardroom’ is kept above ${ltr('22.0 °C')}`),
    ).toBeInTheDocument();
  });

  it('says a business that began this week has no last week to compare with', () => {
    renderWithProviders(<WeekWidget week={{ ...week, previous_so_far: null }} />);
    expect(
      screen.getByText(
        `This week so far: ${ltr('55.5 kWh')} (${ltr('£13.88')}). Nothing was recorded last week to compare with.`,
      ),
    ).toBeInTheDocument();
  });

  it('leads a business without radiators to adding rooms and radiators', async () => {
    serve({ ...figures, radiators: { total: 0, online: 0, heating: 0 } });
    renderHome();
    const steps = await screen.findByTestId('first-steps');
    expect(steps).toHaveTextContent('Your building has no radiators yet');
    expect(within(steps).getByRole('link', { name: 'Add a room' })).toHaveAttribute(
      'href',
      '/rooms/add-room',
    );
    expect(within(steps).getByRole('link', { name: 'Add a radiator' })).toHaveAttribute(
      'href',
      '/radiators',
    );
  });

  it('fetches the figures again as soon as the live stream hears a radiator come online', async () => {
    serve();
    let fetched = 0;
    server.use(
      http.get('/v2/dashboard/commercial/web', () => {
        fetched += 1;
        return answer('Dashboard.', {
          dashboard: { ...figures, indoor_temperature: fetched > 1 ? 19.5 : null },
        });
      }),
    );
    const { store } = renderHome();
    await screen.findByText('Indoors: no radiator online');
    const report = (id: number) => ({
      id,
      room_id: 1,
      current_temperature: 19.5,
      power_w: 0,
      heating: 0,
      online: 1,
      last_seen: new Date().toISOString(),
    });
    store.dispatch(radiatorsReported([report(1)]));
    await waitFor(() =>
      expect(screen.getByTestId('indoor-temperature')).toHaveTextContent(ltr('19.5 °C')),
    );
    expect(fetched).toBe(2);
    // The same radiator reporting again changes nothing the figures show: no new fetch.
    store.dispatch(radiatorsReported([report(1)]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toBe(2);
  });

  it('says when there is no budget and links to where it is set', async () => {
    serve({
      ...figures,
      month: { ...figures.month, budget_pence: null, budget_used: null },
      co2_saved: { ...figures.co2_saved, goal_kg: null, progress: null },
    });
    renderHome();
    const budget = await screen.findByRole('region', { name: 'Budget this month' });
    await within(budget).findByText(/No monthly budget set/);
    expect(within(budget).getByRole('link', { name: 'Set a budget' })).toHaveAttribute(
      'href',
      '/preferences/energy-usage',
    );
    expect(within(budget).queryByRole('progressbar')).not.toBeInTheDocument();
    const co2 = screen.getByRole('region', { name: 'CO2 saved this month' });
    expect(within(co2).getByRole('link', { name: 'Set a CF goal' })).toHaveAttribute(
      'href',
      '/preferences/co2-savings',
    );
  });

  it('says a new business has nothing to measure yet rather than a saving of nothing', async () => {
    serve({
      ...figures,
      co2_saved: {
        baseline_kg: 0,
        actual_kg: 0.004,
        saved_kg: -0.004,
        goal_kg: null,
        progress: null,
        month_baseline_kg: null,
      },
    });
    renderHome();
    expect(await screen.findByTestId('co2-no-baseline')).toHaveTextContent(
      'Nothing to measure yet this month: the baseline counts from the first working hours your radiators report.',
    );
    expect(screen.queryByText('Above the baseline by')).not.toBeInTheDocument();
  });

  it('tells a first evening’s heating outside working hours as above the baseline', async () => {
    serve({
      ...figures,
      co2_saved: {
        baseline_kg: 0,
        actual_kg: 0.19,
        saved_kg: -0.19,
        goal_kg: 50,
        progress: -0.004,
        month_baseline_kg: null,
      },
    });
    renderHome();
    expect(await screen.findByTestId('co2-saved')).toHaveTextContent(ltr('0.19 kg'));
    expect(screen.getByText('Above the baseline by')).toBeInTheDocument();
    expect(screen.getByTestId('co2-baseline')).toHaveTextContent(
      `Baseline ${ltr('0.00 kg')} · actual ${ltr('0.19 kg')}`,
    );
    expect(screen.queryByTestId('co2-no-baseline')).not.toBeInTheDocument();
  });

  it('moves widgets only in edit mode, saves the layout under "widgets" and restores it', async () => {
    const user = userEvent.setup();
    serve();
    const { unmount } = renderHome();
    await screen.findByTestId('today-energy');
    // Not editable until the edit mode is on.
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset to defaults' })).not.toBeInTheDocument();
    expect(widgetOrder().slice(0, 3)).toEqual(['widget-today', 'widget-budget', 'widget-co2']);

    await user.click(screen.getByRole('button', { name: 'Edit layout' }));
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(8);
    // The page is one column wide here: the budget moves above today's energy.
    await user.click(screen.getByRole('button', { name: 'Move Budget this month' }));
    await user.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(widgetOrder().slice(0, 3)).toEqual(['widget-budget', 'widget-today', 'widget-co2']),
    );
    expect(screen.getByRole('button', { name: 'Move Budget this month' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Budget this month is now widget 1 of 8, in reading order.',
      ),
    );
    // Shift and an arrow resize it.
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Budget this month: width 1 of 1, height 3.',
      ),
    );
    const saved = JSON.parse(localStorage.getItem(WIDGETS_KEY) ?? '{}');
    expect(saved.sm.find((p: { id: string }) => p.id === 'budget')).toEqual({
      id: 'budget',
      x: 0,
      y: 0,
      w: 1,
      h: 3,
    });
    expect(saved.sm.find((p: { id: string }) => p.id === 'today')).toMatchObject({ y: 3 });
    // The other screen sizes keep their own layouts.
    expect(saved.lg).toEqual(DEFAULT_LAYOUTS.lg);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    // On a phone the widgets stack at their content's height, up to the height set: 3 rows.
    expect(screen.getByTestId('widget-budget').parentElement).toHaveStyle({ maxHeight: '362px' });
    expect(screen.getByTestId('widget-today').parentElement).toHaveStyle({ maxHeight: '236px' });
    unmount();

    renderHome();
    await screen.findByTestId('today-energy');
    expect(widgetOrder().slice(0, 3)).toEqual(['widget-budget', 'widget-today', 'widget-co2']);

    await user.click(screen.getByRole('button', { name: 'Edit layout' }));
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(widgetOrder().slice(0, 3)).toEqual(['widget-today', 'widget-budget', 'widget-co2']);
    expect(localStorage.getItem(WIDGETS_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{"sm": ['],
    [
      'a widget 9 rows high',
      JSON.stringify({ sm: DEFAULT_LAYOUTS.sm.map((p) => ({ ...p, y: 15 - p.y, h: 9 })) }),
    ],
  ])('shows the default layout when the saved one is %s', async (_, stored) => {
    localStorage.setItem(WIDGETS_KEY, stored);
    serve();
    renderHome();
    await screen.findByTestId('today-energy');
    expect(widgetOrder()).toEqual([
      'widget-today',
      'widget-budget',
      'widget-co2',
      'widget-chart',
      'widget-rooms',
      'widget-temperatures',
      'widget-schedules',
      'widget-notifications',
    ]);
  });

  it('says the closed days under way, or the next to come, beside the schedules on', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
    const christmas = {
      id: 1,
      name: 'Christmas',
      first_date: '2026-12-24',
      last_date: '2027-01-01',
    };
    const { unmount } = renderWithProviders(<SchedulesWidget count={3} closed={christmas} />);
    expect(screen.getByTestId('closed-days')).toHaveTextContent('Closed from 24 DecChristmas');
    unmount();
    vi.setSystemTime(new Date('2026-12-28T12:00:00Z'));
    renderWithProviders(<SchedulesWidget count={3} closed={christmas} />);
    expect(screen.getByTestId('closed-days')).toHaveTextContent('Closed to 1 JanChristmas');
    vi.useRealTimers();
  });
});
