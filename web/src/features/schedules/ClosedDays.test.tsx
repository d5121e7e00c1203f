import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusal, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { ClosedDays } from './ClosedDays';
import type { ClosedDays as Closure, ClosedDaysPayload } from './types';

const christmas: Closure = {
  id: 1,
  name: 'Christmas',
  first_date: '2026-12-24',
  last_date: '2027-01-01',
};
const earlyMay: Closure = {
  id: 2,
  name: 'Early May',
  first_date: '2027-05-03',
  last_date: '2027-05-03',
};

/** The closed days listed, and the bodies of the closures sent. */
function closedDaysApi(listed: Closure[]) {
  const sent: ClosedDaysPayload[] = [];
  const removed: string[] = [];
  server.use(
    http.get('/v2/schedules/closed-days', () => answer('Closed days.', { closed_days: listed })),
    http.post('/v2/schedules/closed-days', async ({ request }) => {
      const body = (await request.json()) as ClosedDaysPayload;
      sent.push(body);
      if (body.first_date === '2026-12-31')
        return refusal(409, "These days overlap 'Christmas'.", {
          first_date: ["These days overlap 'Christmas'."],
        });
      return answer("'New Year' added to the closed days.", {
        closed_days: { ...body, id: 3, last_date: body.last_date ?? body.first_date },
      });
    }),
    http.delete('/v2/schedules/closed-days/:id', ({ params }) => {
      removed.push(String(params.id));
      return answer("'Christmas' removed from the closed days.", { closed_days: christmas });
    }),
  );
  return { sent, removed };
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, typed: string) {
  const field = await screen.findByRole('group', { name: label });
  await user.click(within(field).getByRole('spinbutton', { name: 'Day' }));
  await user.keyboard(typed);
}

describe('ClosedDays', () => {
  it('lists the closed days to come with their days of the week, or says there are none', async () => {
    closedDaysApi([christmas, earlyMay]);
    const { unmount } = renderWithProviders(<ClosedDays onChanged={() => {}} />);
    const list = within(await screen.findByRole('region', { name: 'Closed days' }));
    const items = await list.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Christmas');
    expect(items[0]).toHaveTextContent('Thu, 24 Dec 2026 to Fri, 1 Jan 2027');
    expect(items[1]).toHaveTextContent('Mon, 3 May 2027');
    expect(items[1]).not.toHaveTextContent(' to ');
    unmount();

    closedDaysApi([]);
    renderWithProviders(<ClosedDays onChanged={() => {}} />);
    expect(await screen.findByText('No closed days to come.')).toBeInTheDocument();
  });

  it('checks a closure before it is sent, adds it in date order and has the schedules read again', async () => {
    const user = userEvent.setup();
    const { sent } = closedDaysApi([christmas]);
    const onChanged = vi.fn();
    renderWithProviders(<ClosedDays onChanged={onChanged} />);
    await screen.findByText('Christmas');
    // The date pickers load on their own.
    await screen.findByRole('group', { name: 'Last day' });

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await typeDate(user, 'First day', '20122026');
    await typeDate(user, 'Last day', '19122026');
    await user.type(screen.getByLabelText(/^Name/), 'Party');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Make the last day the first day or a later one.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // The focus is on the day of the field in error, which says what is wrong when read.
    const lastDay = within(screen.getByRole('group', { name: 'Last day' })).getByRole(
      'spinbutton',
      { name: 'Day' },
    );
    await waitFor(() => expect(lastDay).toHaveFocus());
    expect(lastDay).toHaveAttribute('aria-invalid', 'true');
    expect(lastDay).toHaveAccessibleDescription('Make the last day the first day or a later one.');

    await user.click(screen.getByRole('button', { name: 'Last day: clear' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ name: 'Party', first_date: '2026-12-20', last_date: null });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Party'),
      expect.stringContaining('Christmas'),
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    // Added: the form is empty again.
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('shows a refusal under its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { sent } = closedDaysApi([christmas]);
    renderWithProviders(<ClosedDays onChanged={() => {}} />);
    await user.type(await screen.findByLabelText(/^Name/), 'New Year');
    await typeDate(user, 'First day', '31122026');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("These days overlap 'Christmas'.")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('New Year');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('removes closed days once asked', async () => {
    const user = userEvent.setup();
    const { removed } = closedDaysApi([christmas, earlyMay]);
    const onChanged = vi.fn();
    renderWithProviders(<ClosedDays onChanged={onChanged} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Christmas' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove Christmas?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual(['1']));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Early May')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('reads the list again when what is removed was removed already', async () => {
    const user = userEvent.setup();
    let listed = [christmas, earlyMay];
    server.use(
      http.get('/v2/schedules/closed-days', () => answer('Closed days.', { closed_days: listed })),
      http.delete('/v2/schedules/closed-days/:id', () => {
        listed = [earlyMay];
        return refusal(404, 'There are no closed days with id 1.');
      }),
    );
    renderWithProviders(<ClosedDays onChanged={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Christmas' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove Christmas?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('There are no closed days with id 1.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('offers the bank holidays to come of the chosen set, each added with one press', async () => {
    const user = userEvent.setup();
    const { sent } = closedDaysApi([christmas]);
    const asked: string[] = [];
    server.use(
      http.get('/v2/schedules/closed-days/bank-holidays', ({ request }) => {
        const region = new URL(request.url).searchParams.get('region') ?? '';
        asked.push(region);
        const holidays =
          region === 'scotland'
            ? [{ key: 'st_andrews', date: '2026-11-30', substitute: false }]
            : [
                { key: 'christmas', date: '2026-12-25', substitute: false },
                { key: 'boxing_day', date: '2026-12-28', substitute: true },
                { key: 'good_friday', date: '2027-03-26', substitute: false },
                { key: 'easter_monday', date: '2027-03-29', substitute: false },
              ];
        return answer('Bank holidays.', { bank_holidays: holidays });
      }),
    );
    const onChanged = vi.fn();
    renderWithProviders(<ClosedDays onChanged={onChanged} />);
    const show = await screen.findByRole('button', { name: 'Show the bank holidays to come' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    // Within the Christmas closure: closed already, nothing to add.
    const christmasDay = (await screen.findByText(/^Christmas Day/)).closest('li');
    expect(christmasDay).toHaveTextContent('Fri, 25 Dec 2026');
    expect(christmasDay).toHaveTextContent('Closed');
    expect(screen.getByText(/^Boxing Day \(substitute day\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Good Friday to the closed days' }));
    await waitFor(() =>
      expect(sent).toEqual([{ name: 'Good Friday', first_date: '2027-03-26', last_date: null }]),
    );
    expect(onChanged).toHaveBeenCalledTimes(1);
    // Added: "Closed" takes the button's place, and the focus goes on to the next to add.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Add Easter Monday to the closed days' }),
      ).toHaveFocus(),
    );
    const offered = screen
      .getAllByRole('listitem')
      .find((item) => item.textContent?.startsWith('Good Friday ·'));
    expect(offered).toHaveTextContent('Closed');

    await user.click(screen.getByRole('button', { name: 'Scotland' }));
    // England's days are not offered under Scotland's name while Scotland's load.
    expect(screen.queryByText(/^Easter Monday/)).toBeNull();
    expect(await screen.findByText(/^St Andrew’s Day/)).toBeInTheDocument();
    expect(asked).toEqual(['england_and_wales', 'scotland']);
  });
});
