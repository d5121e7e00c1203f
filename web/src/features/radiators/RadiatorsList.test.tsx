import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { renderWithProviders } from '../../test/render';
import { eastWall } from '../../test/radiators';
import { answer, server } from '../../test/server';
import { RadiatorsList } from './RadiatorsList';

describe('the radiators page', () => {
  it('adds a radiator without a room from an empty list and opens its page', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const added = {
      ...eastWall,
      id: 9,
      uid: 'HD-0009',
      name: 'Hall',
      room_id: null,
      room_name: null,
    };
    server.use(
      http.get('/v2/radiators', () => answer('Radiators.', { radiators: [], simulated: false })),
      http.post('/v2/radiators', async ({ request }) => {
        sent.push(await request.json());
        return answer("'Hall' added.", { radiator: added });
      }),
    );
    const { router } = renderWithProviders(<RadiatorsList />, { route: '/radiators' });
    await screen.findByText(/Add a radiator with the id printed on its label/);
    // Real radiators need no note.
    expect(screen.queryByRole('note')).toBeNull();
    // The empty state offers it, as the header does.
    const empty = await screen.findByText(/Add a radiator with the id printed on its label/);
    await user.click(
      within(empty.parentElement ?? empty).getByRole('button', { name: 'Add a radiator' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Add a radiator' });
    expect(
      within(dialog).getByText('Printed on the radiator’s label, like HD-0042.'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText(/^Radiator name/), 'Hall');
    await user.click(within(dialog).getByRole('button', { name: 'Add a radiator' }));
    // An empty id is missing, not malformed.
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Radiator id/), 'HD-0009');
    await user.click(within(dialog).getByRole('button', { name: 'Add a radiator' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/radiators/9'));
    expect(sent).toEqual([
      { uid: 'HD-0009', name: 'Hall', min_temperature: 7, max_temperature: 26 },
    ]);
  });
});

describe('a radiator switched off', () => {
  it('shows its target as the one it heats to once switched on', async () => {
    const off = { ...eastWall, id: 8, uid: 'HD-0008', name: 'West wall', status: 0 };
    server.use(
      http.get('/v2/radiators', () =>
        answer('Radiators.', { radiators: [eastWall, off], simulated: false }),
      ),
    );
    renderWithProviders(<RadiatorsList />, { route: '/radiators' });
    const row = await screen.findByTestId('radiator-HD-0008');
    expect(within(row).getByText('once on')).toBeInTheDocument();
    expect(within(screen.getByTestId('radiator-HD-0007')).queryByText('once on')).toBeNull();
  });
});

describe('adding a radiator with the rooms to choose from', () => {
  it('puts it in the room chosen, or in none', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get('/v2/radiators', () => answer('Radiators.', { radiators: [], simulated: true })),
      http.post('/v2/radiators', async ({ request }) => {
        sent.push(await request.json());
        return answer("'Hall' added.", { radiator: { ...eastWall, id: 9 } });
      }),
    );
    const rooms = [
      { id: 3, name: 'Kitchen' },
      { id: 4, name: 'Hall' },
    ];
    renderWithProviders(<RadiatorsList rooms={rooms} />, { route: '/radiators' });
    // Simulated radiators are said to be so.
    expect(await screen.findByRole('note')).toHaveTextContent(/runs simulated radiators/);
    const empty = await screen.findByText(/Add a radiator with the id printed on its label/);
    await user.click(
      within(empty.parentElement ?? empty).getByRole('button', { name: 'Add a radiator' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Add a radiator' });
    // Any id adds a modelled radiator: a mistyped one is not taken for a real one.
    expect(within(dialog).getByText(/Here the radiators are simulated: any id adds/)).toBeVisible();
    await user.type(within(dialog).getByLabelText(/^Radiator id/), 'HD-0009');
    await user.type(within(dialog).getByLabelText(/^Radiator name/), 'Hall east');
    const room = within(dialog).getByRole('combobox', { name: 'Room' });
    expect(room).toHaveTextContent('No room');
    await user.click(room);
    await user.click(screen.getByRole('option', { name: 'Hall' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a radiator' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ uid: 'HD-0009', name: 'Hall east', room_id: 4 });
  });
});
