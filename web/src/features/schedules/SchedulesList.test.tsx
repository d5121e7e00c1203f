import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusal, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { SchedulesList } from './SchedulesList';
import type { Schedule } from './types';
import { officeHours } from '../../test/schedules';

const quiet: Schedule = {
  ...officeHours,
  id: 2,
  name: 'Quiet room',
  schedule_for: 'radiator',
  targets: [{ id: 7, name: 'Window' }],
  duration: 'custom',
  days: [2, 4],
  slots: [{ start: '10:00', end: '24:00', setpoint: 20 }],
  setback: null,
  runs_on_closed_days: 1,
  start_date: '2026-12-10',
  end_date: null,
  // Tomorrow, as the business's clock reads.
  next_change: { at: '2026-11-24T10:00:00+00:00', setpoint: 20 },
  overlaps: ['Window mornings', 'Late opening'],
  outranked_by: [],
  revision: 7,
};

const orphan: Schedule = {
  ...officeHours,
  id: 3,
  name: 'Old lab',
  target_ids: [],
  targets: [],
  next_change: null,
};

const ltr = (text: string) => `\u2066${text}\u2069`;

describe('SchedulesList', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    // The closed days below the list (ClosedDays.test.tsx).
    server.use(
      http.get('/v2/schedules/closed-days', () => answer('Closed days.', { closed_days: [] })),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('shows each schedule: kind, targets, days, slots, setback and next change', async () => {
    server.use(
      http.get('/v2/schedules', () =>
        answer('Schedules.', {
          schedules: [{ ...officeHours, outranked_by: ['Studio mornings'] }, quiet, orphan],
        }),
      ),
    );
    renderWithProviders(<SchedulesList />, { route: '/schedules' });
    const row = within(await screen.findByTestId('schedule-Office hours'));
    expect(row.getByRole('link', { name: 'Office hours' })).toHaveAttribute('href', '/schedules/1');
    expect(row.getByText('Zone')).toBeInTheDocument();
    expect(row.getByText('Ground floor, First floor')).toBeInTheDocument();
    expect(row.getByText('Weekdays')).toBeInTheDocument();
    expect(
      row.getByText(
        `${ltr('07:30–12:00')} ${ltr('21.0 °C')}, ${ltr('13:00–18:00')} ${ltr('20.5 °C')}`,
      ),
    ).toBeInTheDocument();
    expect(row.getByText(ltr('16.0 °C'))).toBeInTheDocument();
    expect(row.getByText(`${ltr('18:00')} → ${ltr('16.0 °C')}`)).toBeInTheDocument();

    expect(row.queryByText('Runs on closed days')).toBeNull();
    const other = within(screen.getByTestId('schedule-Quiet room'));
    expect(other.getByText('Runs on closed days')).toBeInTheDocument();
    // Its first day as people write a date; the last is open.
    expect(other.getByText('Tue, Thu · from 10 Dec 2026')).toBeInTheDocument();
    expect(other.getByText('off')).toBeInTheDocument();
    expect(other.getByText(`Tue ${ltr('10:00')} → ${ltr('20.0 °C')}`)).toBeInTheDocument();
    // Slots that meet another schedule's on a shared target are said, with who wins there.
    expect(other.getByRole('status')).toHaveTextContent(
      'Its slots meet those of ‘Window mornings’ and ‘Late opening’ on a target they share: where they meet, the schedule changed last heats.',
    );
    // The zone's schedule names the room schedules that hold over it on shared radiators.
    expect(row.getByRole('status')).toHaveTextContent(
      'On the days it runs, ‘Studio mornings’ runs the radiators it shares with this schedule all day, outside its slots too (at its setback, or off): a room’s schedule comes before its zone’s, and a radiator’s before its room’s.',
    );

    // One whose rooms were all deleted says so, and that it will change nothing.
    const left = within(screen.getByTestId('schedule-Old lab'));
    expect(left.getByText('Its targets no longer exist')).toBeInTheDocument();
    expect(left.getByText('None: it has no targets left')).toBeInTheDocument();
  });

  it('shows the schedules of one kind', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/v2/schedules', () => answer('Schedules.', { schedules: [officeHours, quiet] })),
    );
    const { store } = renderWithProviders(<SchedulesList />, { route: '/schedules' });
    await screen.findByTestId('schedule-Office hours');
    await user.click(screen.getByRole('button', { name: 'Radiators' }));
    expect(store.getState().schedule.scheduleFor).toBe('radiator');
    expect(screen.queryByTestId('schedule-Office hours')).not.toBeInTheDocument();
    expect(screen.getByTestId('schedule-Quiet room')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rooms' }));
    expect(screen.getByText('No schedules of this kind.')).toBeInTheDocument();
  });

  it('switches a schedule off and on, saying so, and reads the others again', async () => {
    const user = userEvent.setup();
    const toggles: string[] = [];
    // The other schedule's slots meet this one's while this one is on.
    let schedules = [officeHours, { ...quiet, overlaps: ['Office hours'] }];
    server.use(
      http.get('/v2/schedules', () => answer('Schedules.', { schedules })),
      http.put('/v2/schedules/toggle-status/:id/:status', ({ params }) => {
        toggles.push(`${String(params.id)}/${String(params.status)}`);
        const status = Number(params.status);
        const schedule = {
          ...officeHours,
          status,
          next_change: status ? officeHours.next_change : null,
        };
        schedules = [schedule, { ...quiet, overlaps: status ? ['Office hours'] : [] }];
        return answer(`Schedule 'Office hours' switched ${status ? 'on' : 'off'}.`, { schedule });
      }),
    );
    renderWithProviders(<SchedulesList />, { route: '/schedules' });
    const toggle = await screen.findByRole('switch', { name: 'Switch Office hours on or off' });
    await user.click(toggle);
    expect(await screen.findByText("Schedule 'Office hours' switched off.")).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText('None: the schedule is off or over')).toBeInTheDocument();
    const other = screen.getByTestId('schedule-Quiet room');
    await waitFor(() => expect(within(other).queryByRole('status')).not.toBeInTheDocument());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggles).toEqual(['1/0', '1/1']);
  });

  it('deletes a schedule after asking, then loads the list again', async () => {
    const user = userEvent.setup();
    let schedules = [officeHours];
    server.use(
      http.get('/v2/schedules', () => answer('Schedules.', { schedules })),
      http.delete('/v2/schedules/1', () => {
        schedules = [];
        return answer("Schedule 'Office hours' deleted.", { schedule: officeHours });
      }),
    );
    renderWithProviders(<SchedulesList />, { route: '/schedules' });
    await user.click(await screen.findByRole('button', { name: 'Delete Office hours' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Office hours?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Schedule 'Office hours' deleted.")).toBeInTheDocument();
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
  });

  it('fetches a schedule to edit, then goes to /schedules/update', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/v2/schedules', () => answer('Schedules.', { schedules: [officeHours] })),
      http.get('/v2/schedules/1', () => answer('Schedule.', { schedule: officeHours })),
    );
    const { store, router } = renderWithProviders(<SchedulesList />, { route: '/schedules' });
    await user.click(await screen.findByRole('button', { name: 'Edit Office hours' }));
    await screen.findByTestId('location');
    expect(router.state.location.pathname).toBe('/schedules/update');
    expect(store.getState().schedule.schedule).toEqual(officeHours);
  });

  it('shows a failed load inline with a retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/v2/schedules', () => refusal(500, 'Something went wrong on our side.')));
    renderWithProviders(<SchedulesList />, { route: '/schedules' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    error.mockRestore();
  });
});
