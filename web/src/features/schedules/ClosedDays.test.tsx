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
const boxingDay: Closure = {
  id: 2,
  name: 'Boxing Day',
  first_date: '2026-12-28',
  last_date: '2026-12-28',
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
    closedDaysApi([christmas, boxingDay]);
    const { unmount } = renderWithProviders(<ClosedDays onChanged={() => {}} />);
    const list = within(await screen.findByRole('region', { name: 'Closed days' }));
    const items = await list.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Christmas');
    expect(items[0]).toHaveTextContent('Thu, 24 Dec 2026 to Fri, 1 Jan 2027');
    expect(items[1]).toHaveTextContent('Mon, 28 Dec 2026');
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
    await user.type(screen.getByLabelText('Name'), 'Party');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Make the last day the first day or a later one.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

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
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('shows a refusal under its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { sent } = closedDaysApi([christmas]);
    renderWithProviders(<ClosedDays onChanged={() => {}} />);
    await user.type(await screen.findByLabelText('Name'), 'New Year');
    await typeDate(user, 'First day', '31122026');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("These days overlap 'Christmas'.")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText('Name')).toHaveValue('New Year');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('removes closed days once asked', async () => {
    const user = userEvent.setup();
    const { removed } = closedDaysApi([christmas, boxingDay]);
    const onChanged = vi.fn();
    renderWithProviders(<ClosedDays onChanged={onChanged} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Christmas' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Christmas?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual(['1']));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Boxing Day')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
