import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Co2Saving, EnergyHistory } from '../analytics';
import { ltr } from '../../lib/format';
import { answer, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { thermalMethod, thermalMethodText } from '../../test/savings';
import CompareCo2 from './CompareCo2';
import { todayAt } from './slice';

const days = (month: string, count: number, co2: (day: number) => number) =>
  Array.from({ length: count }, (_, index) => {
    const day = String(index + 1).padStart(2, '0');
    return { start: `${month}-${day}T00:00:00+00:00`, kwh: 0, cost_pence: 0, co2_kg: co2(index) };
  });

// November so far (20 days at 1 kg each) against October (1.5 kg a day).
const month: EnergyHistory = {
  type: 'month',
  start: '2026-11-01T00:00:00+00:00',
  end: '2026-12-01T00:00:00+00:00',
  buckets: days('2026-11', 30, (day) => (day < 20 ? 1 : 0)),
  totals: { kwh: 0, cost_pence: 0, co2_kg: 20 },
  previous: {
    start: '2026-10-01T00:00:00+00:00',
    end: '2026-11-01T00:00:00+00:00',
    buckets: days('2026-10', 31, () => 1.5),
    totals: { kwh: 0, cost_pence: 0, co2_kg: 46.5 },
  },
  began: '2026-01-05T00:00:00+00:00',
  // October to the same point as November, at noon on the 20th: 19 days and a half.
  previous_so_far: { kwh: 0, cost_pence: 0, co2_kg: 29.25 },
};
const week: EnergyHistory = {
  ...month,
  type: 'week',
  start: '2026-11-16T00:00:00+00:00',
  end: '2026-11-23T00:00:00+00:00',
  buckets: days('2026-11', 7, () => 1).map((bucket, index) => ({
    ...bucket,
    start: `2026-11-${16 + index}T00:00:00+00:00`,
  })),
  totals: { kwh: 0, cost_pence: 0, co2_kg: 7 },
  // The business began this week: last week has nothing to compare with.
  previous: {
    start: '2026-11-09T00:00:00+00:00',
    end: '2026-11-16T00:00:00+00:00',
    buckets: [],
    totals: { kwh: 0, cost_pence: 0, co2_kg: 0 },
  },
  began: '2026-11-16T00:00:00+00:00',
  previous_so_far: null,
};
const saving: Co2Saving = {
  ...thermalMethod,
  days: [{ date: '2026-11-01', baseline_kg: 50, actual_kg: 20, saved_kg: 30 }],
  totals: { baseline_kg: 50, actual_kg: 20, saved_kg: 30 },
  goal: { monthly_kg: null, months: [] },
};

describe('comparing CO2', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('knows the business’s today from the offset the server writes', () => {
    expect(todayAt('2026-11-01T00:00:00+00:00')).toBe('2026-11-20');
    expect(todayAt('2026-11-01T00:00:00-13:00')).toBe('2026-11-19');
    expect(todayAt('2026-11-01T00:00:00+12:00')).toBe('2026-11-21');
  });

  it('shows this period against the one before and against the baseline, with the method', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      http.get('/v2/analytics/commercial/web/energy-history-graph', ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        asked.push(`history ${type}`);
        return answer('Energy history.', { energy_history: type === 'week' ? week : month });
      }),
      http.get('/v2/analytics/commercial/web/co2_saving', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`saving ${query.get('start_date')} ${query.get('end_date')}`);
        return answer('CO2 saving.', { co2_saving: saving });
      }),
    );
    renderWithProviders(<CompareCo2 />, { route: '/home/compare-co2' });

    expect(await screen.findByTestId('co2-current')).toHaveTextContent('20.0 kg');
    expect(screen.getByTestId('co2-previous')).toHaveTextContent('29.3 kg');
    expect(screen.getByTestId('co2-change')).toHaveTextContent(`${ltr('32%')} less`);
    expect(screen.getByTestId('co2-baseline')).toHaveTextContent('50.0 kg');
    expect(screen.getByTestId('co2-actual')).toHaveTextContent('20.0 kg');
    expect(screen.getByTestId('co2-saved')).toHaveTextContent('30.0 kg');
    expect(screen.getByTestId('co2-method')).toHaveTextContent(thermalMethodText);
    expect(
      screen.getByText(
        `Actual CO2 ${ltr('20.0 kg')} against a baseline of ${ltr('50.0 kg')} over the days so far.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual(['history month', 'saving 2026-11-01 2026-11-20']);

    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('co2-current')).toHaveTextContent('7.00 kg'));
    expect(asked.slice(2)).toEqual(['history week', 'saving 2026-11-16 2026-11-20']);
    expect(screen.getByTestId('co2-previous')).toHaveTextContent('–');
    expect(screen.getByTestId('co2-change')).toHaveTextContent(
      'No CO2 in the previous period to compare with.',
    );
    expect(
      screen.getByText(
        `This period so far: ${ltr('7.00 kg')} of CO2; the previous period was before your business began.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  });
});
