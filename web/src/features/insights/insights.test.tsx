import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { answer, server } from '../../test/server';
import { i18n } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { InsightsList } from './InsightsList';
import { insightText } from './text';
import { ReduceCarbonFootprint } from './ReduceCarbonFootprint';
import type { Insight, Tip } from './types';

const insight = (
  id: number,
  kind: string,
  severity: Insight['severity'],
  params: Insight['params'],
  title = 'The server’s words',
): Insight => ({
  id,
  kind,
  severity,
  title,
  body: `${title}: the numbers.`,
  action_path: '/radiators',
  params,
  created_at: '2026-11-24T03:00:00Z',
});

const offline = insight(1, 'offline', 'critical', {
  count: 3,
  names: ['Kitchen 1', 'Office 1', 'Office 2'],
});
const withinBudget = insight(2, 'budget', 'info', {
  cost_pence: 7250,
  forecast_pence: 15000,
  budget_pence: 20000,
});

const tip = (
  id: string,
  percent: number,
  category = 'schedules',
  path: string | null = '/schedules',
): Tip => ({
  id,
  category,
  title: `Tip ${id}`,
  body: `Why ${id} saves energy.`,
  estimated_saving_percent: percent,
  action_path: path,
});

describe('insights', () => {
  it('lists the insights with their severity and page, and refreshes them', async () => {
    const ui = userEvent.setup();
    server.use(
      http.get('/v2/insights', () => answer('Insights.', { insights: [offline] })),
      http.post('/v2/insights/refresh', () =>
        answer('Insights refreshed.', { insights: [withinBudget] }),
      ),
    );
    renderWithProviders(<InsightsList />, { route: '/insights' });
    // Worded here from the kind and figures, in the reader's language.
    const card = await screen.findByRole('article', { name: /^Radiators offline: .3.$/ });
    expect(
      within(card).getByText(/radiators have stopped reporting, ‘Kitchen 1’ among them/),
    ).toBeInTheDocument();
    expect(within(card).getByText('Act now')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Check the radiators' })).toHaveAttribute(
      'href',
      '/radiators',
    );
    // Their figures are of when they were worked out, and the page says when that was.
    expect(screen.getByTestId('worked-out')).toHaveTextContent(
      `Worked out on ${formatDateTime('2026-11-24T03:00:00Z', 'en')}, from the last 7 days`,
    );
    await ui.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Insights refreshed.')).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: 'On course to stay within budget' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Radiators offline/ })).toBeNull();
  });

  it('words every kind in English and Arabic, and keeps the server’s words for a new kind', () => {
    const en = i18n.getFixedT('en');
    const ar = i18n.getFixedT('ar');
    // As read: without the isolates, a figure's no-break space as a space.
    const bare = (text: string) => text.replace(/[\u2066\u2069]/g, '').replace(/\u00a0/g, ' ');
    const cases: [Insight, string, string][] = [
      [
        insight(3, 'top_rooms', 'warning', {
          room: 'Office',
          kwh: 4,
          share: 0.8,
          total_kwh: 5,
          next: 'Kitchen',
        }),
        '‘Office’ uses the most energy',
        '‘Office’ used 4.00 kWh in the last 7 days, 80% of the building’s 5.00 kWh; next came ‘Kitchen’.',
      ],
      [
        insight(4, 'out_of_hours', 'warning', {
          count: 1,
          kwh: 1,
          worst: 'Office 2',
          worst_kwh: 1,
          from: '08:00',
          to: '18:00',
        }),
        'Radiators heating outside working hours: 1',
        'In the last 7 days they used 1.00 kWh outside working hours (08:00–18:00) and outside their schedules, ‘Office 2’ the most with 1.00 kWh. A schedule can switch them off.',
      ],
      [
        insight(5, 'warm_rooms', 'warning', { room: 'Office', celsius: 23.5, others: 2 }),
        '‘Office’ is kept above 22.0 °C',
        '‘Office’ averaged 23.5 °C over the last 7 days. Each degree lower saves up to 8% of its heating. Other rooms above 22.0 °C too: 2.',
      ],
      [
        insight(6, 'week_change', 'info', { kwh: 2, previous_kwh: 4, change: -0.5 }),
        '50% less energy than the week before',
        'The last 7 days used 2.00 kWh against 4.00 kWh in the 7 days before.',
      ],
      [
        insight(7, 'budget', 'critical', {
          cost_pence: 725,
          forecast_pence: 1500,
          budget_pence: 100,
        }),
        'The monthly budget is spent',
        'This month has cost £7.25 so far; at the rate so far it ends at about £15.00 against a budget of £1.00.',
      ],
      [
        insight(8, 'offline', 'critical', { count: 1, names: ['Kitchen 1'] }),
        'Radiators offline: 1',
        'Radiator ‘Kitchen 1’ has stopped reporting: it keeps its last setpoint and cannot follow its schedule.',
      ],
      [
        insight(10, 'not_connected', 'warning', { count: 2, names: ['Store 1', 'Store 2'] }),
        'Radiators not connected: 2',
        '2 radiators have not reported since they were added, ‘Store 1’ among them: check that they are switched on and connected.',
      ],
    ];
    for (const [given, title, body] of cases) {
      const english = insightText(given, en);
      expect([bare(english.title), bare(english.body)]).toEqual([title, body]);
      const arabic = insightText(given, ar);
      expect(arabic.title).toMatch(/[\u0600-\u06FF]/);
      expect(arabic.body).toMatch(/[\u0600-\u06FF]/);
    }
    const unknown = insight(9, 'new_rule', 'info', {}, 'A rule from a newer server');
    expect(insightText(unknown, ar).title).toBe('A rule from a newer server');
  });

  it('says when there is nothing to point out', async () => {
    server.use(http.get('/v2/insights', () => answer('Insights.', { insights: [] })));
    renderWithProviders(<InsightsList />, { route: '/insights' });
    expect(await screen.findByText('Nothing to point out yet')).toBeInTheDocument();
  });
});

describe('reducing the carbon footprint', () => {
  it('shows the month against the CF goal and the actions in the reader’s language, largest saving first', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.get('/v2/analytics/commercial/web/co2_saving', () =>
        answer('CO2 saving.', {
          co2_saving: {
            method: 'Baseline: …',
            method_parts: {},
            days: [],
            totals: { baseline_kg: 100, actual_kg: 70, saved_kg: 30 },
            goal: {
              monthly_kg: 60,
              months: [{ month: '2026-11', baseline_kg: 80, saved_kg: 30, progress: 0.5 }],
            },
          },
        }),
      ),
      http.get('/v2/energy-saving-tips', ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return answer('Energy-saving tips.', {
          energy_savings_tips: [
            tip('hours', 25),
            tip('degree', 8, 'temperature'),
            tip('draughts', 5, 'building', null),
          ],
        });
      }),
    );
    renderWithProviders(<ReduceCarbonFootprint />, { route: '/reduce-carbon-footprint' });
    expect(await screen.findByTestId('goal-progress')).toHaveTextContent('50%');
    const actions = await screen.findAllByRole('listitem');
    expect(actions.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Tip hours',
      'Tip degree',
      'Tip draughts',
    ]);
    expect(
      within(actions[0] as HTMLElement).getByRole('link', { name: 'Open the schedules' }),
    ).toHaveAttribute('href', '/schedules');
    // Done in the building itself: nothing in the app to act on it with.
    expect(within(actions[2] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(actions[1] as HTMLElement).getByText('Temperature')).toBeInTheDocument();
    expect(
      within(actions[0] as HTMLElement).getByText('Typical saving: up to 25%'),
    ).toBeInTheDocument();
    expect(languages).toEqual(['en']);
  });
});
