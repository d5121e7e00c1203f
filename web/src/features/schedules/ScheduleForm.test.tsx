import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusal, server } from '../../test/server';
import { serveBusinessSettings } from '../../test/business';
import { renderWithProviders } from '../../test/render';
import { EditSchedule, NewSchedule, UpdateSchedule } from './ScheduleEditors';
import type { Schedule } from './types';

const durations = [
  { key: 'every_day', name: 'Every day', days: [1, 2, 3, 4, 5, 6, 7] },
  { key: 'weekdays', name: 'Weekdays', days: [1, 2, 3, 4, 5] },
  { key: 'weekends', name: 'Weekends', days: [6, 7] },
  { key: 'custom', name: 'Custom', days: [] },
];

const rooms = [
  { id: 3, name: 'Board room', zone_id: null, zone_name: null, radiator_count: 2, status: 1 },
  { id: 4, name: 'Café', zone_id: null, zone_name: null, radiator_count: 1, status: 1 },
];

const quiet: Schedule = {
  id: 5,
  name: 'Quiet room hours',
  schedule_for: 'room',
  target_ids: [4, 99],
  targets: [{ id: 4, name: 'Café' }],
  duration: 'custom',
  days: [2, 4],
  slots: [
    { start: '10:00', end: '12:00', setpoint: 20 },
    { start: '13:00', end: '16:00', setpoint: 19.5 },
  ],
  setback: null,
  start_date: '2026-12-01',
  end_date: null,
  status: 1,
  runs_on_closed_days: 0,
  next_change: null,
  overlaps: [],
  outranked_by: [],
  revision: 7,
};

/** The API the form uses; `sent` collects what it posts. */
function api(sent: { path: string; body: unknown }[], save = () => answer('Saved.')) {
  serveBusinessSettings({
    working_hours: { start: '07:30', end: '17:00' },
    comfort_setpoint: 20.5,
  });
  server.use(
    http.get('/v2/schedules/durations', () => answer('Durations.', { durations })),
    http.get('/v2/rooms', () => answer('Rooms.', { rooms })),
    http.post('/v2/schedules', async ({ request }) => {
      sent.push({ path: '/v2/schedules', body: await request.json() });
      return save();
    }),
    http.post('/v2/schedules/:id', async ({ request, params }) => {
      sent.push({ path: `/v2/schedules/${String(params.id)}`, body: await request.json() });
      return save();
    }),
  );
}

/** Lays the bar out 960 px wide (1 px = 1.5 minutes) and drags on it from `from` to `to` px. */
function drawSlot(from: number, to: number) {
  const bar = screen.getByTestId('day-bar');
  bar.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 960, height: 64, right: 960, bottom: 64 }) as DOMRect;
  fireEvent.pointerDown(bar, { clientX: from, pointerId: 1, button: 0 });
  fireEvent.pointerMove(bar, { clientX: to, pointerId: 1 });
  fireEvent.pointerUp(bar, { clientX: to, pointerId: 1 });
}

/** The schedules area with 'Quiet room hours' chosen in the list, as the list leaves it. */
const quietChosen = {
  schedule: {
    isLoading: false,
    schedules: [quiet],
    scheduleDurations: durations as never,
    schedule: quiet,
    scheduleFor: null,
    error: null,
  },
};

describe('the schedule form', () => {
  it('creates a schedule from what was drawn and chosen, then goes to the list', async () => {
    const user = userEvent.setup();
    const sent: { path: string; body: unknown }[] = [];
    api(sent);
    renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    await user.type(await screen.findByLabelText(/Schedule name/), '  Board meetings ');
    await user.click(screen.getByRole('combobox', { name: 'Rooms' }));
    await user.click(await screen.findByRole('option', { name: 'Board room' }));
    // The list's own buttons are named after the field.
    expect(screen.getByRole('button', { name: 'Rooms: hide the choices' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Rooms: show the choices' })).toBeInTheDocument();
    drawSlot(320, 480);
    const setpoint = screen.getByLabelText('Setpoint (°C)');
    await user.clear(setpoint);
    await user.type(setpoint, '20.5');
    await user.click(screen.getByRole('switch', { name: 'Off outside the slots' }));
    const closedDays = screen.getByRole('switch', { name: 'Runs on closed days too' });
    expect(closedDays).not.toBeChecked();
    await user.click(closedDays);
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/v2/schedules',
      body: {
        name: 'Board meetings',
        schedule_for: 'room',
        target_ids: [3],
        duration: 'weekdays',
        slots: [{ start: '08:00', end: '12:00', setpoint: 20.5 }],
        setback: null,
        start_date: null,
        end_date: null,
        status: 1,
        runs_on_closed_days: 1,
      },
    });
    expect(await screen.findByTestId('location')).toBeInTheDocument();
  });

  it('asks before Cancel or a link loses what was typed; an untouched form just leaves', async () => {
    const user = userEvent.setup();
    api([]);
    const { router, unmount } = renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    const name = await screen.findByLabelText(/Schedule name/);
    await user.type(name, 'Board meetings');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/schedules/new');
    expect(screen.getByLabelText(/Schedule name/)).toHaveValue('Board meetings');
    // Elsewhere in the app (the menu's links are the router's too).
    await act(() => router.navigate('/rooms'));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    unmount();

    // The way back to the list asks too.
    renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    await user.type(await screen.findByLabelText(/Schedule name/), 'Late');
    await user.click(screen.getByRole('link', { name: 'Schedules' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
    cleanup();

    renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    await screen.findByLabelText(/Schedule name/);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('adds a first slot over the business’s working day at its comfort setpoint', async () => {
    const user = userEvent.setup();
    const sent: { path: string; body: unknown }[] = [];
    api(sent);
    renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    await user.type(await screen.findByLabelText(/Schedule name/), 'Office hours');
    await user.click(screen.getByRole('combobox', { name: 'Rooms' }));
    await user.click(await screen.findByRole('option', { name: 'Café' }));
    await user.keyboard('{Escape}');
    // Once the settings are read, the slot follows them, as the button says.
    expect(await screen.findByTestId('add-working-day')).toHaveTextContent(
      'It adds your working day, \u206607:30–17:00\u2069 at \u206620.5 °C\u2069.',
    );
    await user.click(screen.getByRole('button', { name: 'Add a slot' }));
    expect(screen.getByLabelText('Start')).toHaveValue('07:30');
    expect(screen.getByLabelText('End')).toHaveValue('17:00');
    expect(screen.getByLabelText('Setpoint (°C)')).toHaveValue(20.5);
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      slots: [{ start: '07:30', end: '17:00', setpoint: 20.5 }],
    });
  });

  it('checks before sending: targets, custom days, slots that overlap', async () => {
    const user = userEvent.setup();
    api([]);
    renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    await user.type(await screen.findByLabelText(/Schedule name/), 'Late');
    await user.click(screen.getByRole('combobox', { name: 'Repeats on' }));
    await user.click(screen.getByRole('option', { name: 'Custom days' }));
    // Custom days start from the weekdays chosen before; with none left, it says so.
    const ticked = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
    for (const day of ticked) expect(screen.getByRole('checkbox', { name: day })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    for (const day of ticked) await user.click(screen.getByRole('checkbox', { name: day }));
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(screen.getByText('Choose at least one.')).toBeInTheDocument();
    expect(screen.getByText('Choose the days it repeats on.')).toBeInTheDocument();
    expect(screen.getByText('Add at least one time slot.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a slot' })).toHaveAccessibleDescription(
      'Add at least one time slot.',
    );
    // Two slots, the second typed to start inside the first.
    drawSlot(320, 480);
    drawSlot(600, 700);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '11:00' } });
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(screen.getByText('Overlaps another slot.')).toBeInTheDocument();
    // Nothing was sent: the mock API refuses requests it was not told of.
  });

  it('puts the focus on the first error: the missing slot, or the wrong slot’s field', async () => {
    const user = userEvent.setup();
    api([]);
    renderWithProviders(<NewSchedule />, { route: '/schedules/new' });
    await user.type(await screen.findByLabelText(/Schedule name/), 'Late');
    await user.click(screen.getByRole('combobox', { name: 'Rooms' }));
    await user.click(await screen.findByRole('option', { name: 'Café' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(screen.getByRole('button', { name: 'Add a slot' })).toHaveFocus();
    // The first slot made wrong, then the second one chosen: its fields are on screen.
    drawSlot(320, 480);
    fireEvent.change(screen.getByLabelText('Setpoint (°C)'), { target: { value: '99' } });
    drawSlot(600, 700);
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(screen.getByLabelText('Setpoint (°C)')).toHaveFocus());
    expect(screen.getByLabelText('Setpoint (°C)')).toHaveValue(99);
  });

  it('replaces the chosen schedule with the days and dates it had, and shows refusals', async () => {
    const user = userEvent.setup();
    const sent: { path: string; body: unknown }[] = [];
    api(sent, () =>
      refusal(422, 'Some fields need attention.', {
        name: ["A schedule named 'Quiet room hours' already exists."],
        'slots.1.setpoint': ['Café allows 7.0 to 20.0 °C.'],
      }),
    );
    server.use(http.get('/v2/schedules/5', () => answer('Schedule.', { schedule: quiet })));
    renderWithProviders(<EditSchedule />, {
      route: '/schedules/5',
      path: '/schedules/:cuschedule',
      preloadedState: quietChosen,
    });
    expect(
      await screen.findByRole('heading', { name: 'Edit schedule ‘Quiet room hours’' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Café' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const {
      id: _id,
      targets: _t,
      next_change: _n,
      overlaps: _o,
      outranked_by: _r,
      ...saved
    } = quiet;
    expect(sent[0]).toEqual({
      path: '/v2/schedules/5',
      // The schedule as it was, but for the target that no longer exists: that is not sent back.
      body: { ...saved, target_ids: [4] },
    });
    expect(
      await screen.findByText("A schedule named 'Quiet room hours' already exists."),
    ).toBeInTheDocument();
    // The slot the server refused is selected, its message under its setpoint.
    expect(screen.getByRole('group', { name: /Slot 2:/ })).toBeInTheDocument();
    expect(screen.getByText('Café allows 7.0 to 20.0 °C.')).toBeInTheDocument();
  });

  it('tells an error of a field on screen under it alone, without a toast', async () => {
    const user = userEvent.setup();
    const passed = 'This end date has passed: choose today or a later day, or none.';
    // The server's description of a refusal with one field error is that error.
    api([], () => refusal(422, passed, { end_date: [passed] }));
    server.use(http.get('/v2/schedules/5', () => answer('Schedule.', { schedule: quiet })));
    renderWithProviders(<EditSchedule />, {
      route: '/schedules/5',
      path: '/schedules/:cuschedule',
      preloadedState: quietChosen,
    });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(passed)).toBeInTheDocument();
    expect(screen.getAllByText(passed)).toHaveLength(1);
  });

  it('refuses to save over a change someone else made since, and shows theirs on request', async () => {
    const user = userEvent.setup();
    const changed =
      "Schedule 'Quiet room hours' was changed after you opened it (in another tab, or by " +
      'someone else). Open it again to see it as it is now, then make your changes.';
    const sent: { path: string; body: unknown }[] = [];
    api(sent, () => refusal(409, changed));
    const theirs = { ...quiet, name: 'Quiet hours', setback: 15, revision: 9 };
    let reads = 0;
    server.use(
      http.get('/v2/schedules/5', () => {
        reads += 1;
        return answer('Schedule.', { schedule: reads === 1 ? quiet : theirs });
      }),
    );
    renderWithProviders(<EditSchedule />, {
      route: '/schedules/5',
      path: '/schedules/:cuschedule',
      preloadedState: quietChosen,
    });
    const name = await screen.findByLabelText(/Schedule name/);
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ name: 'Mine', revision: 7 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${changed} Your edits here are then dropped.`);
    // What was typed is still there until their version is asked for.
    expect(screen.getByLabelText(/Schedule name/)).toHaveValue('Mine');
    await user.click(within(alert).getByRole('button', { name: 'Open it as it is now' }));
    await waitFor(() => expect(screen.getByLabelText(/Schedule name/)).toHaveValue('Quiet hours'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ name: 'Quiet hours', setback: 15, revision: 9 });
  });

  it('loads a schedule by its id to edit it', async () => {
    api([]);
    server.use(http.get('/v2/schedules/5', () => answer('Schedule.', { schedule: quiet })));
    renderWithProviders(<EditSchedule />, {
      route: '/schedules/5',
      path: '/schedules/:cuschedule',
    });
    expect(await screen.findByLabelText(/Schedule name/)).toHaveValue('Quiet room hours');
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Off outside the slots' })).toBeChecked();
    // Saving it sets its rooms at once: said, as it overrides a room switched off by hand.
    expect(screen.getByRole('switch', { name: 'Schedule on' })).toHaveAccessibleDescription(
      /over what was set by hand \(a room switched off included\)/,
    );
  });

  it('says a schedule that does not exist is missing, with the way back instead of a retry', async () => {
    api([]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/v2/schedules/9999', () => refusal(404, 'This schedule does not exist.')));
    renderWithProviders(<EditSchedule />, {
      route: '/schedules/9999',
      path: '/schedules/:cuschedule',
    });
    expect(await screen.findByText('This schedule does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Schedules' })).toHaveAttribute(
      'href',
      '/schedules',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    logged.mockRestore();
  });

  it('edits the schedule chosen in the list at its own address, which a reload keeps', async () => {
    const { router } = renderWithProviders(<UpdateSchedule />, {
      route: '/schedules/update',
      preloadedState: quietChosen,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedules/5'));
  });

  it('goes back to the list from /schedules/update when no schedule was chosen', async () => {
    api([]);
    renderWithProviders(<UpdateSchedule />, { route: '/schedules/update' });
    expect(await screen.findByTestId('location')).toBeInTheDocument();
  });
});
