import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { sessionEnded } from '../../lib/session';
import { ltr } from '../../lib/format';
import { answer, refusal, server } from '../../test/server';
import { serveBusinessSettings } from '../../test/business';
import { renderWithProviders } from '../../test/render';
import { setSettingTab, settingsSlice } from './slice';
import { SettingsTabs } from './SettingsTabs';
import type { Automation, HistoryEntry, SettingTab } from './types';

const entry = (id: number, more: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  user_email: 'owner@acme.co.uk',
  by: null,
  action: 'update',
  record_type: 'room',
  record_id: 3,
  before: { name: 'Lab' },
  after: { name: 'Test lab' },
  at: '2026-11-23T09:30:00Z',
  ...more,
});

const frost: Automation = {
  key: 'frost_protection',
  name: 'Frost protection',
  description: 'Heats any radiator whose room falls below the floor temperature.',
  enabled: 0,
  parameters: { floor: 7 },
  limits: { floor: { min: 5, max: 12, step: 0.5 } },
};
const endOfDay: Automation = {
  key: 'end_of_day_off',
  name: 'End-of-day off',
  description: 'Switches every radiator off at a set time.',
  enabled: 1,
  parameters: { at: '19:00' },
  limits: {},
};

/** The settings page with `tab` chosen before, as a reload finds it. */
const renderAtTab = (tab: SettingTab) =>
  renderWithProviders(<SettingsTabs />, {
    route: '/settings',
    preloadedState: { settings: { ...settingsSlice.getInitialState(), settingTab: tab } },
  });

describe('the settings area', () => {
  it('keeps the tab, the history page and the automations, and resets', () => {
    const reduce = settingsSlice.reducer;
    let state = reduce(undefined, setSettingTab('business'));
    expect(state.settingTab).toBe('business');
    state = reduce(state, sessionEnded());
    expect(state.settingTab).toBe('history');
  });
});

describe('the settings page', () => {
  it('lists the history a page at a time, by whom, filtered by kind', async () => {
    const user = userEvent.setup();
    const queries: string[] = [];
    server.use(
      http.get('/v2/action-history', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query.toString());
        const page = Number(query.get('page'));
        return answer('Action history.', {
          history:
            page === 1
              ? [
                  entry(2),
                  entry(1, {
                    user_email: '',
                    by: "schedule 'Office hours'",
                    action: 'schedule',
                    record_type: 'radiator',
                    after: { name: 'Window' },
                  }),
                ]
              : [
                  entry(3, { action: 'delete', after: null }),
                  entry(4, { action: 'withdraw', record_type: 'consent', before: null }),
                  // An automation is named by its key in the reader's language, not as stored.
                  entry(5, {
                    record_type: 'automation',
                    after: { key: 'open_window', name: 'Window watch' },
                  }),
                ],
          page,
          per_page: 25,
          total: 28,
        });
      }),
    );
    renderWithProviders(<SettingsTabs />, { route: '/settings' });
    const table = await screen.findByRole('table', { name: 'Action history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('owner@acme.co.uk');
    expect(rows[1]).toHaveTextContent('Changed');
    expect(rows[1]).toHaveTextContent('Room · Test lab');
    expect(rows[2]).toHaveTextContent('HeatDesk (schedule “Office hours”)');
    expect(rows[2]).toHaveTextContent('Applied a schedule');
    expect(screen.getByText(`${ltr('1–25')} of ${ltr('28')}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    const consent = within(table).getAllByRole('row')[2];
    expect(consent).toHaveTextContent('Withdrew');
    expect(consent).toHaveTextContent('Consent');
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent(
      'Automation · Open-window detection',
    );
    expect(screen.getByText(`${ltr('26–28')} of ${ltr('28')}`)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Record type' }));
    await user.click(screen.getByRole('option', { name: 'Schedule' }));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&per_page=25&kind=schedule'));
    await user.click(screen.getByRole('combobox', { name: 'Made by' }));
    await user.click(screen.getByRole('option', { name: 'People' }));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&per_page=25&kind=schedule&by=people'));
    // Every kind a change is recorded for can be chosen.
    await user.click(screen.getByRole('combobox', { name: 'Record type' }));
    expect(screen.getByRole('option', { name: 'Tariff' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Energy budget' })).toBeInTheDocument();
    expect(queries.slice(0, 2)).toEqual(['page=1&per_page=25', 'page=2&per_page=25']);
  });

  it('opens the tab a link asks for', async () => {
    server.use(
      http.get('/v2/settings/automation', () => answer('Automations.', { automations: [frost] })),
      http.get('/v2/notifications', () =>
        answer('Notifications.', { notifications: [], unread: 0, enabled: 1 }),
      ),
    );
    const { router } = renderWithProviders(<SettingsTabs />, {
      route: '/settings?tab=automations',
    });
    expect(await screen.findByRole('tab', { name: 'Automations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Frost protection' })).toBeInTheDocument();
    // The tab chosen goes into the address, so a reload opens it again.
    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=notifications'));
  });

  it('shows automations that fail to load inline, with a retry', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('/v2/action-history', () =>
        answer('Action history.', { history: [], page: 1, per_page: 25, total: 0 }),
      ),
      http.get('/v2/settings/automation', () => {
        calls += 1;
        return calls === 1
          ? refusal(404, 'There is no endpoint GET /v2/settings/automation.')
          : answer('Automations.', { automations: [frost] });
      }),
    );
    renderWithProviders(<SettingsTabs />, { route: '/settings' });
    await user.click(screen.getByRole('tab', { name: 'Automations' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no endpoint GET /v2/settings/automation.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Frost protection' })).toBeInTheDocument();
    error.mockRestore();
  });

  it('switches an automation on, and saves its parameters, showing refusals', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get('/v2/settings/automation', () =>
        answer('Automations.', { automations: [frost, endOfDay] }),
      ),
      http.post('/v2/settings/automation', async ({ request }) => {
        const body = (await request.json()) as { key: string; enabled: number; parameters: object };
        sent.push(body);
        // A refusal the page cannot foresee (the page checks the limits itself).
        if (body.key === 'frost_protection' && JSON.stringify(body.parameters).includes('12'))
          return refusal(422, 'Some fields need attention.', {
            'parameters.floor': ['Frost protection cannot be changed right now.'],
          });
        return answer('Automation saved.', {
          automations: [{ ...frost, enabled: body.enabled, parameters: body.parameters }, endOfDay],
        });
      }),
    );
    renderAtTab('automations');
    const toggle = await screen.findByRole('switch', { name: 'Switch Frost protection on or off' });
    await user.click(toggle);
    expect(await screen.findByText('Automation saved.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    const card = within(screen.getByRole('region', { name: 'Frost protection' }));
    // What it may be is said before any refusal.
    expect(card.getByText('From 5 to 12, in steps of 0.5.')).toBeInTheDocument();
    // Outside the limits, or between steps: said on the field, and nothing is sent.
    for (const wrong of ['13', '7.2']) {
      await user.clear(card.getByLabelText('Floor temperature (°C)'));
      await user.type(card.getByLabelText('Floor temperature (°C)'), wrong);
      await user.click(card.getByRole('button', { name: 'Save Frost protection' }));
      expect(
        await card.findByText('Use a number from 5 to 12 in steps of 0.5.'),
      ).toBeInTheDocument();
    }
    expect(card.getByLabelText(/Floor temperature/)).toHaveAttribute('max', '12');
    await user.clear(card.getByLabelText('Floor temperature (°C)'));
    await user.type(card.getByLabelText('Floor temperature (°C)'), '12');
    await user.click(card.getByRole('button', { name: 'Save Frost protection' }));
    expect(
      await card.findByText('Frost protection cannot be changed right now.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { key: 'frost_protection', enabled: 1, parameters: { floor: 7 } },
      { key: 'frost_protection', enabled: 1, parameters: { floor: 12 } },
    ]);
    expect(screen.getByLabelText('At')).toHaveValue('19:00');
    // The switch sends the values as typed: an edit is not lost by switching instead of saving.
    await user.clear(card.getByLabelText('Floor temperature (°C)'));
    await user.type(card.getByLabelText('Floor temperature (°C)'), '9');
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent[2]).toEqual({ key: 'frost_protection', enabled: 0, parameters: { floor: 9 } });
    // A value that cannot be sent is marked, and nothing is switched.
    await user.clear(card.getByLabelText('Floor temperature (°C)'));
    await user.click(toggle);
    expect(await card.findByText('This field is required.')).toBeInTheDocument();
    expect(sent).toHaveLength(3);
    expect(toggle).not.toBeChecked();
    // A time is 24-hour, read as typed, and what is no time is named before anything is sent.
    const evening = within(screen.getByRole('region', { name: 'End-of-day off' }));
    await user.clear(evening.getByLabelText('At'));
    await user.type(evening.getByLabelText('At'), 'late');
    await user.click(evening.getByRole('button', { name: 'Save End-of-day off' }));
    expect(
      await evening.findByText('Enter a 24-hour time from 00:00 to 24:00, like 08:30.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(3);
    await user.clear(evening.getByLabelText('At'));
    await user.type(evening.getByLabelText('At'), '1930');
    await user.click(evening.getByRole('button', { name: 'Save End-of-day off' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]).toEqual({ key: 'end_of_day_off', enabled: 1, parameters: { at: '19:30' } });
  });

  it('asks before the business’s unsaved settings are left for another tab, and not once saved', async () => {
    const user = userEvent.setup();
    serveBusinessSettings();
    server.use(
      http.put('/v2/settings/business', () => answer('Business settings saved.', {})),
      http.get('/v2/settings/automation', () => answer('Automations.', { automations: [frost] })),
    );
    const { router } = renderAtTab('business');
    const comfort = await screen.findByLabelText('Comfort setpoint (°C)');
    await user.clear(comfort);
    await user.type(comfort, '19');
    await user.click(screen.getByRole('tab', { name: 'Automations' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Comfort setpoint (°C)')).toHaveValue(19);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Business settings saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Automations' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=automations'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saves the business’s settings and shows the server’s field errors', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    serveBusinessSettings();
    server.use(
      http.put('/v2/settings/business', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? answer('Business settings saved.', {})
          : refusal(422, 'Some fields need attention.', {
              'working_hours.end': ['Make the end later than the start.'],
            });
      }),
    );
    renderAtTab('business');
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/London');
    // A city is found as people write it, and UTC is there whatever the browser's list.
    await user.clear(zone);
    await user.type(zone, 'new york');
    expect(await screen.findByRole('option', { name: 'America/New_York' })).toBeInTheDocument();
    await user.clear(zone);
    await user.type(zone, 'utc');
    expect(await screen.findByRole('option', { name: 'UTC' })).toBeInTheDocument();
    // One typed that is not on the list is not taken, and the field says how to give one.
    await user.tripleClick(zone);
    await user.keyboard('Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Choose a time zone from the list, like Europe/London.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(zone);
    await user.type(zone, 'Europe/Dub');
    await user.click(await screen.findByRole('option', { name: 'Europe/Dublin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.clear(screen.getByLabelText('Comfort setpoint (°C)'));
    await user.type(screen.getByLabelText('Comfort setpoint (°C)'), '20.5');
    // Hours are 24-hour whatever the browser's language, and read as people type them.
    const start = screen.getByLabelText('Working day starts');
    const end = screen.getByLabelText('Working day ends');
    await user.clear(end);
    await user.type(end, 'noon');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Enter a 24-hour time from 00:00 to 24:00, like 08:30.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    // An end before the start is told in the working day's words, not a schedule slot's.
    await user.clear(end);
    await user.type(end, '07:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Make the end later than the start: a working day starts and ends on one day.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(end);
    await user.type(end, '6pm');
    await user.tab();
    expect(end).toHaveValue('18:00');
    await user.clear(start);
    await user.type(start, '730{Enter}');
    expect(await screen.findByText('Business settings saved.')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      time_zone: 'Europe/Dublin',
      working_days: [1, 2, 3, 4, 5, 6],
      working_hours: { start: '07:30', end: '18:00' },
      comfort_setpoint: 20.5,
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Make the end later than the start.')).toBeInTheDocument();
  });
});
