import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusal, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { ltr } from '../../lib/format';
import { setLanguage } from '../preferences';
import { SettingsTabs } from '../settings';
import { NotificationsBell } from './NotificationsBell';
import { POLL_MS } from './useNotifications';
import type { Notification, NotificationsData } from './types';

// A kind this app does not word itself, so the server's English is shown.
const notification = (id: number, more: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'meter_read',
  title: `Notice ${id}`,
  body: `What happened ${id}.`,
  params: {},
  created_at: '2026-11-18T09:00:00Z',
  read: 0,
  ...more,
});

const data = (notifications: Notification[], enabled = 1): NotificationsData => ({
  notifications,
  unread: notifications.filter((n) => n.read === 0).length,
  enabled,
});

describe('the notifications bell', () => {
  it('shows the unread count, marks one and then all read', async () => {
    const user = userEvent.setup();
    let list = [notification(3), notification(2), notification(1, { read: 1 })];
    const marked: string[] = [];
    server.use(
      http.get('/v2/notifications', () => answer('Notifications.', data(list))),
      http.put('/v2/notifications/read/:target', ({ params }) => {
        marked.push(String(params.target));
        list = list.map((n) =>
          params.target === 'all' || String(n.id) === params.target ? { ...n, read: 1 } : n,
        );
        const said =
          params.target === 'all' ? 'All notifications marked read.' : 'Notification marked read.';
        return answer(said, data(list));
      }),
    );
    renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');

    await user.click(bell);
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Mark “Notice 3” read' }));
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent('1'));
    expect(within(dialog).queryByRole('button', { name: 'Mark “Notice 3” read' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All notifications marked read.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Mark “/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    // The bell behind the open list says there is nothing unread.
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^$/);
    expect(marked).toEqual(['3', 'all']);
    await user.click(within(dialog).getByRole('button', { name: 'Close the notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the list could not be read rather than that there is none, and reads it on retry', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/v2/notifications', () => refusal(503, 'HeatDesk is busy.'), { once: true }),
      http.get('/v2/notifications', () => answer('Notifications.', data([notification(4)]))),
    );
    renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(
      await within(dialog).findByText('This could not be loaded. HeatDesk is busy.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('No notifications yet.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Notice 4')).toBeInTheDocument();
  });

  it('toasts a notification that arrives after the first load, and only that one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let list = [notification(1, { title: 'Already there' })];
      server.use(http.get('/v2/notifications', () => answer('Notifications.', data(list))));
      renderWithProviders(<NotificationsBell />);
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });

      list = [notification(2, { kind: 'radiator_offline', params: { name: 'Lab east' } }), ...list];
      await act(async () => {
        vi.advanceTimersByTime(POLL_MS);
      });
      expect(
        await screen.findByText(
          'Radiator offline: Radiator “Lab east” has not reported for 5 minutes or more.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
      expect(screen.queryByText(/^Already there:/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when notifications are off and links to the settings', async () => {
    const user = userEvent.setup();
    server.use(http.get('/v2/notifications', () => answer('Notifications.', data([], 0))));
    renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText('Notifications are off.');
    expect(screen.getByRole('link', { name: 'Turn them on in Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=notifications',
    );
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
  });
});

describe('the notifications tab of the settings', () => {
  it('turns notifications off and on', async () => {
    const user = userEvent.setup();
    let enabled = 1;
    const switched: string[] = [];
    server.use(
      http.get('/v2/action-history', () =>
        answer('Action history.', { history: [], page: 1, per_page: 25, total: 0 }),
      ),
      http.get('/v2/notifications', () => answer('Notifications.', data([], enabled))),
      http.put('/v2/notifications/:value', ({ params }) => {
        switched.push(String(params.value));
        enabled = Number(params.value);
        return answer(
          enabled ? 'Notifications turned on.' : 'Notifications turned off.',
          data([], enabled),
        );
      }),
    );
    renderWithProviders(<SettingsTabs />, { route: '/settings' });
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    const toggle = await screen.findByRole('switch', { name: 'Get notifications' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText('a radiator goes offline')).toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByText('Notifications turned off.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(switched).toEqual(['0', '1']);
  });

  it('words each kind from its figures in the reader’s language', async () => {
    const user = userEvent.setup();
    const list = [
      // Seen at 99.95%: told as 99%, as the server titles it, not rounded up to all of it.
      notification(4, {
        kind: 'budget_80',
        params: { cost_pence: 19990, budget_pence: 20000 },
      }),
      notification(3, {
        kind: 'budget_100',
        params: { cost_pence: 20150, budget_pence: 20000 },
      }),
      notification(2, {
        kind: 'budget_forecast',
        params: { forecast_pence: 23456, budget_pence: 20000 },
      }),
      notification(1, { kind: 'radiator_online', params: { name: 'Lab east' } }),
    ];
    server.use(http.get('/v2/notifications', () => answer('Notifications.', data(list))));
    const { store } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 4 unread' }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('Forecast over budget')).toBeInTheDocument();
    expect(within(dialog).getByText(`${ltr('99%')} of the budget used`)).toBeInTheDocument();
    // The body shares its line with the date; its figures are those of that moment, which
    // the budget's figures on the home page have since moved on from.
    const spent = within(dialog).getAllByText(/^When this was sent/);
    [ltr('£199.90'), ltr('£201.50')].forEach((cost, index) =>
      expect(spent[index]).toHaveTextContent(
        `When this was sent, this month’s electricity had cost ${cost} of your ${ltr('£200.00')} budget.`,
      ),
    );
    expect(spent).toHaveLength(2);
    expect(within(dialog).getByText(/^At the rate until this was sent/)).toHaveTextContent(
      `At the rate until this was sent, electricity would cost about ${ltr('£234.56')} by the month’s end, over your ${ltr('£200.00')} budget.`,
    );

    act(() => {
      store.dispatch(setLanguage('ar'));
    });
    expect(
      await within(dialog).findByText('التكلفة المتوقعة تتجاوز الميزانية'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(`استُخدم ${ltr('99%')} من الميزانية`)).toBeInTheDocument();
    expect(within(dialog).getByText('عادت مدفأة إلى الاتصال')).toBeInTheDocument();
    expect(within(dialog).getByText(/^عادت المدفأة/)).toHaveTextContent(
      'عادت المدفأة «\u2068Lab east\u2069» إلى الإرسال.',
    );
  });
});
