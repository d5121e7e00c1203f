import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setToken, sessionEnded } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { thermalMethod, thermalMethodText } from '../../test/savings';
import { answer, refusal, server } from '../../test/server';
import { AnalyticsList } from './AnalyticsList';
import { AnalyticsView } from './AnalyticsView';
import { analyticsSlice, fetchCo2Saving, selectRange, type AnalyticsState } from './slice';
import type { Co2Saving, EnergyHistory, PlaceUsage, Span } from './types';

const BASE = '/v2/analytics/commercial/web';

/** A figure as the page writes it: isolated left-to-right. */
const iso = (text: string) => `\u2066${text}\u2069`;

// The charts draw what the figures and tables beside them say; the browser test looks at them.
vi.mock('./Charts', () => ({
  EnergyChart: () => <div data-testid="energy-chart" />,
  Co2Chart: () => <div data-testid="co2-chart" />,
  UsageChart: () => <div data-testid="usage-chart" />,
}));

const starts: Record<Span, string[]> = {
  day: ['2026-03-10T00:00:00+00:00', '2026-03-10T01:00:00+00:00'],
  week: ['2026-03-09T00:00:00+00:00', '2026-03-10T00:00:00+00:00'],
  month: ['2026-03-01T00:00:00+00:00', '2026-03-02T00:00:00+00:00'],
  year: ['2026-01-01T00:00:00+00:00', '2026-02-01T00:00:00+00:00'],
};
const kwhOf: Record<Span, number> = { day: 4.5, week: 61.25, month: 230.4, year: 1875.2 };

/** An energy history whose figures tell the periods apart. */
function history(type: Span): EnergyHistory {
  const kwh = kwhOf[type];
  const bucket = (start: string, share: number) => ({
    start,
    kwh: kwh * share,
    cost_pence: Math.round(kwh * share * 25),
    co2_kg: Math.round(kwh * share * 124) / 1000,
  });
  const [first = '', second = ''] = starts[type];
  const period = {
    start: first,
    end: second,
    buckets: [bucket(first, 0.4), bucket(second, 0.6)],
    totals: { kwh, cost_pence: Math.round(kwh * 25), co2_kg: Math.round(kwh * 124) / 1000 },
  };
  return {
    type,
    ...period,
    // The period before: half as much in its buckets as this one, and 99 kWh in all (its
    // buckets after these are left out), so each figure tells where it came from.
    previous: {
      ...period,
      buckets: [bucket(first, 0.25), bucket(second, 0.25)],
      totals: { kwh: 99, cost_pence: 2475, co2_kg: 12.3 },
    },
    began: '2020-01-01T00:00:00+00:00',
    // To the same point, as the server sums it from the hours: half this period's so far.
    previous_so_far: {
      kwh: kwh / 2,
      cost_pence: Math.round(kwh * 12.5),
      co2_kg: Math.round(kwh * 62) / 1000,
    },
  };
}

const saving: Co2Saving = {
  ...thermalMethod,
  days: [
    { date: '2026-03-01', baseline_kg: 10, actual_kg: 6, saved_kg: 4 },
    { date: '2026-03-02', baseline_kg: 12, actual_kg: 7.5, saved_kg: 4.5 },
  ],
  totals: { baseline_kg: 22, actual_kg: 13.5, saved_kg: 8.5 },
  goal: {
    monthly_kg: 20,
    months: [{ month: '2026-03', baseline_kg: 40, saved_kg: 8.5, progress: 0.425 }],
  },
};

const place = (id: number, name: string, kwh: number): PlaceUsage => ({
  id,
  name,
  kwh,
  cost_pence: kwh * 25,
  co2_kg: kwh / 8,
  heating_hours: 12.5,
  reported: true,
  average_temperature: 20.4,
  radiators: [
    {
      id: id * 10,
      name: `${name} east`,
      kwh,
      cost_pence: kwh * 25,
      co2_kg: kwh / 8,
      heating_hours: 6,
      reported: true,
    },
  ],
});

/** The analytics area with a chosen range and period, as a test starts it. */
function analytics(more: Partial<AnalyticsState['selectedAnalytics']> = {}): AnalyticsState {
  const state = analyticsSlice.reducer(undefined, { type: 'init' });
  return {
    ...state,
    selectedAnalytics: {
      ...state.selectedAnalytics,
      range: { start_date: '2026-03-01', end_date: '2026-03-31' },
      ...more,
    },
  };
}

describe('the analytics area', () => {
  it('keeps a ranged answer only for the range chosen now, and resets with the session', () => {
    const reduce = analyticsSlice.reducer;
    const march = { start_date: '2026-03-01', end_date: '2026-03-31' };
    const april = { start_date: '2026-04-01', end_date: '2026-04-30' };
    let state = reduce(analytics(), selectRange(april));
    // The answer for March arrives after April was chosen: dropped.
    state = reduce(state, fetchCo2Saving.fulfilled(saving, 'r1', march));
    expect(state.co2Savings).toBeNull();
    state = reduce(state, fetchCo2Saving.fulfilled(saving, 'r2', april));
    expect(state.co2Savings).toEqual({ range: april, data: saving });
    state = reduce(state, sessionEnded());
    expect(state.co2Savings).toBeNull();
    expect(state.selectedAnalytics.span).toBe('week');
  });
});

describe('the analytics list', () => {
  it('shows every visualisation as a card with its key figures', async () => {
    const ranges: string[] = [];
    server.use(
      http.get(`${BASE}/energy-history-graph`, ({ request }) => {
        const type = new URL(request.url).searchParams.get('type') as Span;
        return answer('Energy history.', { energy_history: history(type) });
      }),
      http.get(`${BASE}/co2_saving`, ({ request }) => {
        ranges.push(new URL(request.url).search);
        return answer('CO2 saving.', { co2_saving: saving });
      }),
      http.get(`${BASE}/rooms-radiator-usage`, () =>
        answer('Room usage.', { rooms: [place(1, 'Café', 40), place(2, 'Board room', 22.5)] }),
      ),
      http.get(`${BASE}/zone-radiator-usage`, () =>
        answer('Zone usage.', { zones: [place(3, 'Ground floor', 62.5)] }),
      ),
    );
    renderWithProviders(<AnalyticsList />, {
      route: '/analytics',
      preloadedState: { analytics: analytics() },
    });
    const energy = screen.getByTestId('vis-energy-history');
    expect(
      await within(energy).findByText(`${iso('61.3 kWh')} · ${iso('£15.31')} · ${iso('7.60 kg')}`),
    ).toBeInTheDocument();
    const co2 = screen.getByTestId('vis-co2-savings');
    expect(
      await within(co2).findByText(
        `${iso('8.50 kg')} saved against a baseline of ${iso('22.0 kg')}`,
      ),
    ).toBeInTheDocument();
    expect(ranges).toEqual(['?start_date=2026-03-01&end_date=2026-03-31']);
    expect(
      await within(screen.getByTestId('vis-rooms-usage')).findByText(
        `${iso('62.5 kWh')} across 2 rooms`,
      ),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByTestId('vis-zones-usage')).findByText(
        `${iso('62.5 kWh')} in 1 zone`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open CO2 savings' })).toHaveAttribute(
      'href',
      '/analytics/co2-savings',
    );
  });
});

describe('the energy history', () => {
  it('switches between day, week, month and year, asking for each and showing its totals', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/energy-history-graph`, ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        asked.push(type);
        const shown = history(type as Span);
        // The business began this year: last year has nothing to compare with.
        if (type === 'year') {
          shown.previous = { ...shown.previous, buckets: [] };
          shown.previous_so_far = null;
        }
        return answer('Energy history.', { energy_history: shown });
      }),
    );
    const { store } = renderWithProviders(<AnalyticsView id="energy-history" />, {
      route: '/analytics/energy-history',
    });
    const total = async (text: string) =>
      waitFor(() => expect(screen.getByTestId('total-kwh')).toHaveTextContent(iso(text)));
    await total('61.3 kWh');
    expect(screen.getByTestId('total-cost_pence')).toHaveTextContent(iso('£15.31'));
    expect(
      screen.getByText(`Last week, to the same point: ${iso('30.6 kWh')}`),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `This week so far: ${iso('61.3 kWh')}. Last week: ${iso('30.6 kWh')} to the same point, ${iso('99.0 kWh')} in all.`,
      ),
    ).toBeInTheDocument();
    expect(store.getState().analytics.selectedAnalytics.visId).toBe('energy-history');

    await user.click(screen.getByRole('button', { name: 'Day' }));
    await total('4.50 kWh');
    expect(
      screen.getByText(`Yesterday, to the same point: ${iso('2.25 kWh')}`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await total('230.4 kWh');
    await user.click(screen.getByRole('button', { name: 'Year' }));
    await total('1,875.2 kWh');
    expect(screen.getByTestId('total-co2_kg')).toHaveTextContent(iso('232.5 kg'));
    // Three figures and the caption say so, rather than setting the year against zeros.
    expect(screen.getAllByText('Last year: nothing recorded to compare with')).toHaveLength(3);
    expect(
      screen.getByText(
        `This year so far: ${iso('1,875.2 kWh')}. Last year: nothing recorded to compare with.`,
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual(['week', 'day', 'month', 'year']);
    expect(screen.getByRole('button', { name: 'Year' })).toHaveAttribute('aria-pressed', 'true');

    // The figures behind the chart, as a table.
    await user.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const table = screen.getByRole('region', { name: 'Energy history by period' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^January 2026.*–$/);
  });

  it('sets each row beside the period before in the figure the chart shows', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${BASE}/energy-history-graph`, () =>
        answer('Energy history.', { energy_history: history('week') }),
      ),
    );
    renderWithProviders(<AnalyticsView id="energy-history" />, {
      route: '/analytics/energy-history',
    });
    await screen.findByTestId('total-kwh');
    await user.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const table = screen.getByRole('region', { name: 'Energy history by period' });
    const header = () => within(table).getAllByRole('columnheader').at(-1);
    const firstRow = () => within(table).getAllByRole('row')[1];
    expect(header()).toHaveTextContent('Last week (Energy)');
    expect(firstRow()).toHaveTextContent(new RegExp(`${iso('15.3 kWh')}$`));
    await user.click(screen.getByRole('button', { name: 'Cost' }));
    expect(header()).toHaveTextContent('Last week (Cost)');
    expect(firstRow()).toHaveTextContent(new RegExp(`${iso('£3.83')}$`));
  });

  it('tells the table’s figures of a unit to the decimals of its largest, the period before’s too', async () => {
    const user = userEvent.setup();
    const week = history('week');
    const figures = (kwh: number) => ({ kwh, cost_pence: kwh * 25, co2_kg: kwh / 4 });
    const [first, second] = week.buckets.map((bucket) => bucket.start);
    const mixed: EnergyHistory = {
      ...week,
      buckets: [
        { start: first ?? '', ...figures(12.5) },
        { start: second ?? '', ...figures(4.25) },
      ],
      previous: {
        ...week.previous,
        buckets: [
          { start: first ?? '', ...figures(8) },
          { start: second ?? '', ...figures(30) },
        ],
      },
    };
    server.use(
      http.get(`${BASE}/energy-history-graph`, () =>
        answer('Energy history.', { energy_history: mixed }),
      ),
    );
    renderWithProviders(<AnalyticsView id="energy-history" />, {
      route: '/analytics/energy-history',
    });
    await screen.findByTestId('total-kwh');
    await user.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const table = screen.getByRole('region', { name: 'Energy history by period' });
    const cells = (row: number) =>
      within(within(table).getAllByRole('row')[row] as HTMLElement)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent);
    // Energy, this week's and last week's, to 1 decimal as 30 kWh takes; CO2 (at most 7.5 kg)
    // to 2.
    expect(cells(1)).toEqual([
      iso('12.5\u00a0kWh'),
      iso('£3.13'),
      iso('3.13\u00a0kg'),
      iso('8.0\u00a0kWh'),
    ]);
    expect(cells(2)).toEqual([
      iso('4.3\u00a0kWh'),
      iso('£1.06'),
      iso('1.06\u00a0kg'),
      iso('30.0\u00a0kWh'),
    ]);
  });

  it('downloads the chosen period as CSV with the signed-in token', async () => {
    const user = userEvent.setup();
    setToken('token-1');
    const sent: { query: string; auth: string | null }[] = [];
    server.use(
      http.get(`${BASE}/energy-history-graph`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get('format') === 'csv') {
          sent.push({ query: query.toString(), auth: request.headers.get('Authorization') });
          return new HttpResponse('period,start,kwh,cost_pence,co2_kg\n', {
            headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          });
        }
        return answer('Energy history.', { energy_history: history(query.get('type') as Span) });
      }),
    );
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:csv-1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });

    renderWithProviders(<AnalyticsView id="energy-history" />, {
      route: '/analytics/energy-history',
      preloadedState: { analytics: analytics({ span: 'month' }) },
    });
    await screen.findByTestId('total-kwh');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:csv-1', download: 'energy-history-month-2026-03-01.csv' },
      ]),
    );
    expect(sent).toEqual([{ query: 'type=month&format=csv', auth: 'Bearer token-1' }]);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toBe('period,start,kwh,cost_pence,co2_kg\n');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv-1'));
    click.mockRestore();
  });

  it('toasts the server’s description when a download is refused', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${BASE}/co2_saving`, ({ request }) =>
        new URL(request.url).searchParams.get('format') === 'csv'
          ? refusal(503, 'The store is busy; try again in a moment.')
          : answer('CO2 saving.', { co2_saving: saving }),
      ),
    );
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    await screen.findByTestId('co2-saved');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText('The store is busy; try again in a moment.'),
    ).toBeInTheDocument();
  });
});

describe('the CO2 savings', () => {
  /** The CO2 savings shown, with the query of each range it asks the server for. */
  async function co2SavingsAsking() {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/co2_saving`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return answer('CO2 saving.', { co2_saving: saving });
      }),
    );
    const { router } = renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    await screen.findByTestId('co2-saved');
    return { asked, router };
  }

  it('shows the saving beside its baseline, the method and the goal', async () => {
    server.use(http.get(`${BASE}/co2_saving`, () => answer('CO2 saving.', { co2_saving: saving })));
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    expect(await screen.findByTestId('co2-saved')).toHaveTextContent(iso('8.50 kg'));
    expect(screen.getByTestId('co2-baseline')).toHaveTextContent(iso('22.0 kg'));
    expect(screen.getByTestId('co2-actual')).toHaveTextContent(iso('13.5 kg'));
    expect(screen.getByTestId('co2-method')).toHaveTextContent(thermalMethodText);
    expect(
      screen.getByText(`March 2026: ${iso('8.50 kg')} saved, ${iso('43%')} of the goal`),
    ).toBeInTheDocument();
  });

  it('tells the days’ table to one number of decimals, so that each row adds up as shown', async () => {
    const user = userEvent.setup();
    const days: Co2Saving = {
      ...saving,
      days: [
        { date: '2026-03-01', baseline_kg: 9.5, actual_kg: 6, saved_kg: 3.5 },
        { date: '2026-03-02', baseline_kg: 12, actual_kg: 10.5, saved_kg: 1.5 },
      ],
    };
    server.use(http.get(`${BASE}/co2_saving`, () => answer('CO2 saving.', { co2_saving: days })));
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    await user.click(await screen.findByRole('button', { name: 'Show the figures as a table' }));
    const table = screen.getByRole('table', { name: 'CO2 by day' });
    const column = (index: number) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[index]?.textContent);
    expect(column(1)).toEqual([iso('9.5\u00a0kg'), iso('12.0\u00a0kg')]);
    expect(column(2)).toEqual([iso('6.0\u00a0kg'), iso('10.5\u00a0kg')]);
    expect(column(3)).toEqual([iso('3.5\u00a0kg'), iso('1.5\u00a0kg')]);
  });

  it('tells CO2 above the baseline as such, never as a negative saving', async () => {
    const over = { ...saving, totals: { baseline_kg: 22, actual_kg: 30.5, saved_kg: -8.5 } };
    server.use(http.get(`${BASE}/co2_saving`, () => answer('CO2 saving.', { co2_saving: over })));
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    expect(await screen.findByTestId('co2-saved')).toHaveTextContent(iso('8.50 kg'));
    expect(screen.getByTestId('co2-saved').previousSibling).toHaveTextContent(
      'CO2 above the baseline',
    );
    expect(
      screen.getByText(
        `Baseline ${iso('22.0 kg')}, actual ${iso('30.5 kg')}: ${iso('8.50 kg')} above the baseline.`,
      ),
    ).toBeInTheDocument();
  });

  it('tells a first evening above a baseline of nothing as above it, on every line', async () => {
    const firstDay: Co2Saving = {
      ...saving,
      days: [{ date: '2026-03-02', baseline_kg: 0, actual_kg: 0.19, saved_kg: -0.19 }],
      totals: { baseline_kg: 0, actual_kg: 0.19, saved_kg: -0.19 },
      goal: {
        monthly_kg: 20,
        months: [{ month: '2026-03', baseline_kg: 0, saved_kg: -0.19, progress: -0.01 }],
      },
    };
    server.use(
      http.get(`${BASE}/co2_saving`, () => answer('CO2 saving.', { co2_saving: firstDay })),
    );
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    expect(await screen.findByTestId('co2-saved')).toHaveTextContent(iso('0.19 kg'));
    expect(screen.getByTestId('co2-saved').previousSibling).toHaveTextContent(
      'CO2 above the baseline',
    );
    expect(
      screen.getByText(
        `March 2026: ${iso('0.19 kg')} above the baseline, nothing towards the goal yet`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/kg saved/)).not.toBeInTheDocument();
  });

  it('says there is nothing to measure with neither a baseline nor any CO2', async () => {
    const nothing: Co2Saving = {
      ...saving,
      days: [{ date: '2026-03-02', baseline_kg: 0, actual_kg: 0, saved_kg: 0 }],
      totals: { baseline_kg: 0, actual_kg: 0, saved_kg: 0 },
      goal: {
        monthly_kg: 20,
        months: [{ month: '2026-03', baseline_kg: 0, saved_kg: 0, progress: 0 }],
      },
    };
    server.use(
      http.get(`${BASE}/co2_saving`, () => answer('CO2 saving.', { co2_saving: nothing })),
    );
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    expect(await screen.findByTestId('co2-baseline')).toHaveTextContent('None yet');
    expect(screen.queryByTestId('co2-saved')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        /^Nothing to measure on these days: the baseline heats only in working hours/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('March 2026: nothing to measure yet')).toBeInTheDocument();
    expect(screen.getByText('No baseline and no CO2 on these days yet.')).toBeInTheDocument();
  });

  it('tells a month above the baseline as nothing towards the goal, not a negative saving', async () => {
    const over: Co2Saving = {
      ...saving,
      goal: {
        monthly_kg: 20,
        months: [{ month: '2026-03', baseline_kg: 22, saved_kg: -8.5, progress: -0.425 }],
      },
    };
    server.use(http.get(`${BASE}/co2_saving`, () => answer('CO2 saving.', { co2_saving: over })));
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    expect(
      await screen.findByText(
        `March 2026: ${iso('8.50 kg')} above the baseline, nothing towards the goal yet`,
      ),
    ).toBeInTheDocument();
  });

  it('tells a date typed in part from none, and sends nothing', async () => {
    const user = userEvent.setup();
    const { asked } = await co2SavingsAsking();
    const from = await screen.findByRole('group', { name: 'From' });
    await user.click(screen.getByRole('button', { name: 'From: clear' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    // Day and month, no year: "31/02/YYYY" is no date, and not a missing one either.
    await user.click(within(from).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('3102');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Enter a date like 31/01/2026.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(asked).toEqual(['?start_date=2026-03-01&end_date=2026-03-31']);
  });

  it('refuses a range that ends before it starts or is over 5 years, and sends none', async () => {
    const user = userEvent.setup();
    const { asked, router } = await co2SavingsAsking();
    const from = await screen.findByRole('group', { name: 'From' });
    const to = screen.getByRole('group', { name: 'To' });

    await user.click(within(from).getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2027');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText('Make the end date on or after the start date.'),
    ).toBeInTheDocument();

    await user.click(within(from).getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2020');
    await user.click(within(to).getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose at most 5 years.')).toBeInTheDocument();

    // A valid range is shown: asked for once, with both dates.
    await user.click(within(from).getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2025');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(asked).toEqual([
        '?start_date=2026-03-01&end_date=2026-03-31',
        '?start_date=2025-03-01&end_date=2026-03-31',
      ]),
    );
    expect(screen.queryByText('Choose at most 5 years.')).not.toBeInTheDocument();
    // In the address too, to bookmark or share; a preset as well.
    expect(router.state.location.search).toBe('?start_date=2025-03-01&end_date=2026-03-31');
    await user.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?start_date=\d{4}-01-01&/));
    expect(asked).toHaveLength(3);
  });

  it('shows the server’s refusal of a range on its field', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${BASE}/co2_saving`, () =>
        refusal(422, 'Some fields need correcting.', {
          start_date: ['Use a date like 2026-01-31, from 1900-01-01 to 2099-12-31.'],
        }),
      ),
    );
    renderWithProviders(<AnalyticsView id="co2-savings" />, {
      route: '/analytics/co2-savings',
      preloadedState: { analytics: analytics() },
    });
    expect(
      await screen.findByText('Use a date like 2026-01-31, from 1900-01-01 to 2099-12-31.'),
    ).toBeInTheDocument();
    // The load failed inline, with a retry, as every failed load does.
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    error.mockRestore();
  });
});

describe('the room usage', () => {
  it('lists each room with its figures and its radiators folded beneath', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${BASE}/rooms-radiator-usage`, () =>
        answer('Room usage.', { rooms: [place(1, 'Café', 40)] }),
      ),
    );
    renderWithProviders(<AnalyticsView id="rooms-usage" />, {
      route: '/analytics/rooms-usage',
      preloadedState: { analytics: analytics() },
    });
    const row = await screen.findByTestId('usage-Café');
    expect(row).toHaveTextContent(iso('40.0 kWh'));
    expect(row).toHaveTextContent(iso('£10.00'));
    expect(row).toHaveTextContent(iso('5.00 kg'));
    expect(screen.queryByText('Café east')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the radiators of Café' }));
    expect(screen.getByText('Café east')).toBeInTheDocument();
    // Why its total can be less than the building's.
    expect(
      screen.getByText(/^Radiators in no room, and radiators deleted, are not counted here/),
    ).toBeInTheDocument();
  });

  it('lines a room’s figures up with those of its radiators folded beneath', async () => {
    const user = userEvent.setup();
    const cafe = place(1, 'Café', 40);
    const radiators = [35.5, 4.5].map((kwh, index) => ({
      ...place(1, `Café ${index}`, kwh).radiators[0],
      id: 10 + index,
      name: `Café ${index}`,
    }));
    server.use(
      http.get(`${BASE}/rooms-radiator-usage`, () =>
        answer('Room usage.', { rooms: [{ ...cafe, radiators }] }),
      ),
    );
    renderWithProviders(<AnalyticsView id="rooms-usage" />, {
      route: '/analytics/rooms-usage',
      preloadedState: { analytics: analytics() },
    });
    await user.click(await screen.findByRole('button', { name: 'Show the radiators of Café' }));
    const row = (name: string) => screen.getByText(name).closest('tr');
    expect(row('Café')).toHaveTextContent(iso('40.0 kWh'));
    expect(row('Café 0')).toHaveTextContent(iso('35.5 kWh'));
    expect(row('Café 1')).toHaveTextContent(iso('4.5 kWh'));
  });

  it('shows a dash, not a zero, where nothing was recorded in the range', async () => {
    const user = userEvent.setup();
    const quiet = place(2, 'Attic', 0);
    const silent = { ...quiet, reported: false };
    const cafe = place(1, 'Café', 40);
    const added = { ...cafe.radiators[0], id: 11, name: 'Café west', reported: false };
    server.use(
      http.get(`${BASE}/rooms-radiator-usage`, ({ request }) => {
        const start = new URL(request.url).searchParams.get('start_date');
        // Before the business began, no room has reported.
        const rooms = start?.startsWith('2020')
          ? [{ ...cafe, reported: false }, silent]
          : [{ ...cafe, radiators: [...cafe.radiators, added] }, silent];
        return answer('Room usage.', { rooms });
      }),
    );
    const { router } = renderWithProviders(<AnalyticsView id="rooms-usage" />, {
      route: '/analytics/rooms-usage',
      preloadedState: { analytics: analytics() },
    });
    const attic = await screen.findByTestId('usage-Attic');
    expect(within(attic).getAllByText('–')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Show the radiators of Café' }));
    const west = screen.getByText('Café west').closest('tr') as HTMLElement;
    expect(within(west).getAllByText('–')).toHaveLength(4);
    expect(screen.getByTestId('usage-Café')).toHaveTextContent(iso('40.0 kWh'));

    await act(() =>
      router.navigate('/analytics/rooms-usage?start_date=2020-01-01&end_date=2020-01-31'),
    );
    expect(
      await screen.findByText(
        'Nothing recorded in this range: the radiators had not reported yet.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the range a link names, as an insight’s last 7 days', async () => {
    const ranges: (string | null)[][] = [];
    server.use(
      http.get(`${BASE}/rooms-radiator-usage`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        ranges.push([query.get('start_date'), query.get('end_date')]);
        return answer('Room usage.', { rooms: [place(1, 'Café', 40)] });
      }),
    );
    const { store } = renderWithProviders(<AnalyticsView id="rooms-usage" />, {
      route: '/analytics/rooms-usage?start_date=2026-01-08&end_date=2026-01-14',
      preloadedState: { analytics: analytics() },
    });
    await waitFor(() => expect(ranges.at(-1)).toEqual(['2026-01-08', '2026-01-14']));
    expect(store.getState().analytics.selectedAnalytics.range).toEqual({
      start_date: '2026-01-08',
      end_date: '2026-01-14',
    });
    expect(await screen.findByTestId('usage-Café')).toBeInTheDocument();
  });
});
