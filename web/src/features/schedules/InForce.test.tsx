import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http } from 'msw';
import { answer, refusal, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { RadiatorScheduleInForce, revisionOf, SchedulesInForce } from './InForce';

/** A room page's panel, and its one radiator set by hand to 22 °C with the button. */
function RoomSetByHand() {
  const [target, setTarget] = useState(21);
  const radiators = [{ id: 1, name: 'Window', target_temperature: target, status: 1 }];
  return (
    <>
      <button onClick={() => setTarget(22)}>Set 22</button>
      <SchedulesInForce radiators={radiators} revision={revisionOf(radiators)} />
    </>
  );
}

const entry = (radiator_id: number, more: object = {}) => ({
  radiator_id,
  schedule_id: 1,
  schedule_name: 'Office hours',
  setpoint: 21,
  asked: null,
  until: '2026-11-23T18:00:00+00:00',
  manual: 0,
  preheating: 0,
  then: { schedule_id: 1, schedule_name: 'Office hours', setpoint: 16 },
  ...more,
});

describe('the schedule in force', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    server.use(
      http.get('/v2/schedules/in-force', () =>
        answer('Schedules in force.', {
          closed_today: null,
          in_force: [
            entry(1),
            entry(2),
            entry(3, { manual: 1 }),
            entry(4, { schedule_id: 2, schedule_name: 'Nights', setpoint: null }),
            entry(5, { preheating: 1 }),
            entry(6, { setpoint: 19, asked: 21 }),
            entry(7, { setpoint: 19, asked: 21 }),
            entry(8, { manual: 1, then: null }),
            entry(9, {
              manual: 1,
              then: { schedule_id: 2, schedule_name: 'Nights', setpoint: null },
            }),
          ],
        }),
      ),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('says the business is closed today, and what the schedules do while it is', async () => {
    server.use(
      http.get('/v2/schedules/in-force', () =>
        answer('Schedules in force.', {
          closed_today: {
            id: 1,
            name: 'Christmas',
            first_date: '2026-12-24',
            last_date: '2027-01-01',
          },
          in_force: [entry(1, { setpoint: null }), entry(2, { manual: 1 })],
        }),
      ),
    );
    renderWithProviders(
      <SchedulesInForce
        radiators={[
          { id: 1, name: 'Door' },
          { id: 2, name: 'Corner' },
        ]}
      />,
    );
    const panel = await screen.findByTestId('schedule-in-force');
    expect(panel).toHaveTextContent(
      'Closed for Christmas, to Fri, 1 Jan 2027: every schedule runs as outside its slots.',
    );
    expect(panel).toHaveTextContent('Schedule: Office hours · off while closed (1 of 2 radiators)');
    expect(panel).toHaveTextContent('Set by hand until \u206618:00\u2069: Corner');
  });

  it('says what a radiator’s schedule asks for and until when', async () => {
    renderWithProviders(<RadiatorScheduleInForce radiatorId={1} />);
    const panel = await screen.findByTestId('schedule-in-force');
    expect(panel).toHaveTextContent(
      'Schedule: Office hours · \u206621.0 °C\u2069 until \u206618:00\u2069',
    );
    expect(screen.getByRole('link', { name: 'Office hours' })).toHaveAttribute(
      'href',
      '/schedules/1',
    );
  });

  it('says when a manual change holds, and when a schedule asks for off', async () => {
    const { unmount } = renderWithProviders(<RadiatorScheduleInForce radiatorId={3} />);
    expect(await screen.findByText('Set by hand until \u206618:00\u2069')).toBeInTheDocument();
    expect(
      screen.getByText('Then the schedule Office hours sets it to \u206616.0 °C\u2069.'),
    ).toBeInTheDocument();
    unmount();
    const none = renderWithProviders(<RadiatorScheduleInForce radiatorId={8} />);
    expect(
      await screen.findByText('Then no schedule holds it, and it stays as it is.'),
    ).toBeInTheDocument();
    none.unmount();
    const off = renderWithProviders(<RadiatorScheduleInForce radiatorId={9} />);
    expect(
      await screen.findByText('Then the schedule Nights switches it off.'),
    ).toBeInTheDocument();
    off.unmount();
    renderWithProviders(<RadiatorScheduleInForce radiatorId={4} />);
    expect(await screen.findByTestId('schedule-in-force')).toHaveTextContent(
      'Schedule: Nights · off until',
    );
  });

  it('says when optimum start heats early for the next slot', async () => {
    renderWithProviders(<RadiatorScheduleInForce radiatorId={5} />);
    expect(await screen.findByTestId('schedule-in-force')).toHaveTextContent(
      'Schedule: Office hours · heating early to \u206621.0 °C\u2069 for \u206618:00\u2069 (optimum start)',
    );
  });

  it('says what the schedule asks for when the radiators’ limits keep them below it', async () => {
    const { unmount } = renderWithProviders(<RadiatorScheduleInForce radiatorId={6} />);
    expect(await screen.findByTestId('schedule-in-force')).toHaveTextContent(
      'Schedule: Office hours · \u206619.0 °C\u2069 until \u206618:00\u2069 (it asks \u206621.0 °C\u2069: kept to the radiator’s own limits)',
    );
    unmount();
    renderWithProviders(
      <SchedulesInForce
        radiators={[
          { id: 1, name: 'Window' },
          { id: 6, name: 'Low 1' },
          { id: 7, name: 'Low 2' },
        ]}
      />,
    );
    const panel = await screen.findByTestId('schedule-in-force');
    expect(panel).toHaveTextContent(
      '\u206621.0 °C\u2069 until \u206618:00\u2069 (1 of 3 radiators)',
    );
    expect(panel).toHaveTextContent(
      '\u206619.0 °C\u2069 until \u206618:00\u2069 (2 of 3 radiators; it asks \u206621.0 °C\u2069: kept to the radiators’ own limits)',
    );
  });

  it('says so when no schedule is in force', async () => {
    renderWithProviders(<RadiatorScheduleInForce radiatorId={99} />);
    expect(await screen.findByText('No schedule in force.')).toBeInTheDocument();
  });

  it('gathers a room’s radiators by schedule, and names those held by hand', async () => {
    renderWithProviders(
      <SchedulesInForce
        radiators={[
          { id: 1, name: 'Window' },
          { id: 2, name: 'Door' },
          { id: 3, name: 'Corner' },
          { id: 5, name: 'Spare' },
        ]}
      />,
    );
    const panel = await screen.findByTestId('schedule-in-force');
    expect(panel).toHaveTextContent(
      'Schedule: Office hours · \u206621.0 °C\u2069 until \u206618:00\u2069 (2 of 4 radiators)',
    );
    expect(panel).toHaveTextContent('Set by hand until \u206618:00\u2069: Corner');
    expect(panel).not.toHaveTextContent('Nights');
  });

  it('loads again when the page’s radiators are set by hand, to say the manual hold', async () => {
    renderWithProviders(<RoomSetByHand />);
    const panel = await screen.findByTestId('schedule-in-force');
    expect(panel).toHaveTextContent('Schedule: Office hours · \u206621.0 °C\u2069 until');
    server.use(
      http.get('/v2/schedules/in-force', () =>
        answer('Schedules in force.', { closed_today: null, in_force: [entry(1, { manual: 1 })] }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Set 22' }));
    expect(
      await screen.findByText('Set by hand until \u206618:00\u2069: Window'),
    ).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Schedule: Office hours');
  });

  it('says when it could not be read, rather than nothing, and reads again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/v2/schedules/in-force', () => refusal(503, 'HeatDesk is busy.'), { once: true }),
    );
    renderWithProviders(<RadiatorScheduleInForce radiatorId={1} />);
    const panel = await screen.findByTestId('schedule-in-force');
    await waitFor(() =>
      expect(panel).toHaveTextContent('This could not be loaded. HeatDesk is busy.'),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByTestId('schedule-in-force')).toHaveTextContent('Schedule: Office hours'),
    );
  });
});
