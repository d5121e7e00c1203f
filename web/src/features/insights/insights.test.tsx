import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { answer, server } from '../../test/server';
import { InsightsList } from './InsightsList';
import { ReduceCarbonFootprint } from './ReduceCarbonFootprint';
import type { Insight, Tip } from './types';

const insight = (id: number, severity: Insight['severity'], title: string): Insight => ({
  id,
  kind: 'offline',
  severity,
  title,
  body: `${title}: the numbers.`,
  action_path: '/radiators',
  params: {},
  created_at: '2026-11-24T03:00:00Z',
});

const tip = (id: string, percent: number, category = 'schedules'): Tip => ({
  id,
  category,
  title: `Tip ${id}`,
  body: `Why ${id} saves energy.`,
  estimated_saving_percent: percent,
  action_path: '/schedules',
});

describe('insights', () => {
  it('lists the insights with their severity and page, and refreshes them', async () => {
    const ui = userEvent.setup();
    server.use(
      http.get('/v2/insights', () =>
        answer('Insights.', { insights: [insight(1, 'critical', '3 radiator(s) offline')] }),
      ),
      http.post('/v2/insights/refresh', () =>
        answer('Insights refreshed.', {
          insights: [insight(2, 'info', 'On course to stay within budget')],
        }),
      ),
    );
    renderWithProviders(<InsightsList />, { route: '/insights' });
    const card = await screen.findByRole('article', { name: '3 radiator(s) offline' });
    expect(within(card).getByText('Act now')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Act on it' })).toHaveAttribute(
      'href',
      '/radiators',
    );
    await ui.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Insights refreshed.')).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: 'On course to stay within budget' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '3 radiator(s) offline' })).toBeNull();
  });

  it('says when there is nothing to point out', async () => {
    server.use(http.get('/v2/insights', () => answer('Insights.', { insights: [] })));
    renderWithProviders(<InsightsList />, { route: '/insights' });
    expect(await screen.findByText('Nothing to point out yet')).toBeInTheDocument();
  });
});

describe('reducing the carbon footprint', () => {
  it('shows the month against the CF goal and the actions, largest saving first', async () => {
    server.use(
      http.get('/v2/analytics/commercial/web/co2_saving', () =>
        answer('CO2 saving.', {
          co2_saving: {
            method: 'Baseline: …',
            method_parts: {},
            days: [],
            totals: { baseline_kg: 100, actual_kg: 70, saved_kg: 30 },
            goal: { monthly_kg: 60, months: [{ month: '2026-11', saved_kg: 30, progress: 0.5 }] },
          },
        }),
      ),
      http.get('/v2/energy-saving-tips', () =>
        answer('Energy-saving tips.', {
          energy_savings_tips: [tip('hours', 25), tip('degree', 8, 'temperature')],
        }),
      ),
    );
    renderWithProviders(<ReduceCarbonFootprint />, { route: '/reduce-carbon-footprint' });
    expect(await screen.findByTestId('goal-progress')).toHaveTextContent('50%');
    const actions = await screen.findAllByRole('listitem');
    expect(actions.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Tip hours',
      'Tip degree',
    ]);
    expect(within(actions[1] as HTMLElement).getByText('Temperature')).toBeInTheDocument();
    expect(
      within(actions[0] as HTMLElement).getByText('Typical saving: up to 25 %'),
    ).toBeInTheDocument();
  });
});
