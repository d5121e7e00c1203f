import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusal, server } from '../../test/server';
import { serveBusinessSettings } from '../../test/business';
import { renderWithProviders } from '../../test/render';
import { ltr } from '../../lib/format';
import { radiatorsReported } from '../radiators';
import type { Room } from '../rooms';
import { ZoneDetail } from './ZoneDetail';
import type { ZoneDetail as ZoneWithRooms } from './types';

const lab: Room = {
  id: 4,
  name: 'Lab',
  zone_id: 2,
  zone_name: 'First floor',
  radiator_count: 1,
  status: 1,
  radiators_on: 1,
  current_temperature: 20,
  target_temperature: 21,
  lowest_target: 21,
  highest_target: 21,
  shared_target: 21,
  heating: 0,
  reported: 1,
};

const zone = (name: string, rooms: Room[]): ZoneWithRooms => ({
  id: 2,
  name,
  room_count: rooms.length,
  radiator_count: rooms.length,
  status: 1,
  radiators_on: rooms.reduce((on, room) => on + room.radiators_on, 0),
  current_temperature: 20,
  target_temperature: 20.5,
  lowest_target: 20.5,
  highest_target: 20.5,
  shared_target: 20.5,
  heating: 0,
  reported: 1,
  rooms,
});

describe('a zone’s page', () => {
  beforeEach(() => serveBusinessSettings());

  it('says a room must be chosen when Add to zone is pressed without one, and keeps the focus', async () => {
    const user = userEvent.setup();
    const kitchen: Room = { ...lab, id: 5, name: 'Kitchen', zone_id: null, zone_name: null };
    server.use(
      http.get('/v2/zones/2', () => answer('Zone.', { zone: zone('First floor', [lab]) })),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [lab, kitchen] })),
    );
    renderWithProviders(<ZoneDetail />, { route: '/zones/2', path: '/zones/:cuzone' });
    const add = await screen.findByRole('button', { name: 'Add to zone' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(await screen.findByText('Choose a room to add.')).toBeInTheDocument();
    expect(add).toHaveFocus();
  });

  it('moves the focus to the room list when the last free room is added, as the button goes off', async () => {
    const user = userEvent.setup();
    let kitchen: Room = { ...lab, id: 5, name: 'Kitchen', zone_id: null, zone_name: null };
    let current = zone('First floor', [lab]);
    server.use(
      http.get('/v2/zones/2', () => answer('Zone.', { zone: current })),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [lab, kitchen] })),
      http.post('/v2/zones/2/room/5', () => {
        kitchen = { ...kitchen, zone_id: 2, zone_name: 'First floor' };
        current = zone('First floor', [lab, kitchen]);
        return answer("'Kitchen' added to 'First floor'.", { zone: current });
      }),
    );
    renderWithProviders(<ZoneDetail />, { route: '/zones/2', path: '/zones/:cuzone' });
    const picker = await screen.findByRole('combobox', { name: 'Room to add' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Kitchen' }));
    const add = screen.getByRole('button', { name: 'Add to zone' });
    add.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Every room is already in a zone.')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(picker).toHaveFocus();
  });

  it('says there are no rooms yet, rather than that every room is in a zone', async () => {
    server.use(
      http.get('/v2/zones/2', () => answer('Zone.', { zone: zone('First floor', []) })),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [] })),
    );
    renderWithProviders(<ZoneDetail />, { route: '/zones/2', path: '/zones/:cuzone' });
    expect(
      await screen.findByText(
        'You have no rooms yet: add them on the Rooms page, then put them here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Every room is already in a zone.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to zone' })).toBeDisabled();
  });

  it('renames the zone, takes a room out and deletes the zone, asking first', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    let current = zone('First floor', [lab]);
    server.use(
      http.get('/v2/zones/2', () => answer('Zone.', { zone: current })),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [] })),
      http.post('/v2/zones/2', async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        sent.push(`rename ${name}`);
        if (name === 'Lab') return refusal(409, 'Conflict.', { name: ['Already a zone.'] });
        current = zone(name, current.rooms);
        return answer(`Zone '${name}' saved.`, { zone: current });
      }),
      http.delete('/v2/zones/2/room/4', () => {
        sent.push('take out 4');
        current = zone(current.name, []);
        return answer("'Lab' removed from 'Ground'.", { zone: current });
      }),
      http.delete('/v2/zones/2', () => {
        sent.push('delete');
        return answer("Zone 'Ground' deleted; its rooms are kept.");
      }),
    );
    const { router } = renderWithProviders(<ZoneDetail />, {
      route: '/zones/2',
      path: '/zones/:cuzone',
    });
    await screen.findByRole('heading', { name: 'First floor' });
    // The zone's temperature starts at its own target.
    expect(screen.getByRole('spinbutton', { name: 'Zone temperature (°C)' })).toHaveValue(20.5);

    await user.click(screen.getByRole('button', { name: 'Rename zone' }));
    const rename = within(screen.getByRole('dialog'));
    await user.clear(rename.getByLabelText(/Zone name/));
    await user.type(rename.getByLabelText(/Zone name/), 'Lab');
    await user.click(rename.getByRole('button', { name: 'Save changes' }));
    // A refusal shows under the field and keeps the dialog open.
    expect(await rename.findByText('Already a zone.')).toBeInTheDocument();
    await user.clear(rename.getByLabelText(/Zone name/));
    await user.type(rename.getByLabelText(/Zone name/), 'Ground');
    await user.click(rename.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Ground' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove Lab' }));
    const takeOut = within(screen.getByRole('alertdialog', { name: 'Remove Lab from the zone?' }));
    await user.click(takeOut.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText("'Lab' removed from 'Ground'.")).toBeInTheDocument();
    expect(await screen.findByText('No rooms in this zone')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete zone' }));
    const remove = within(screen.getByRole('alertdialog', { name: 'Delete Ground?' }));
    await user.click(remove.getByRole('button', { name: 'Delete zone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zones'));
    expect(sent).toEqual(['rename Lab', 'rename Ground', 'take out 4', 'delete']);
  });

  it('switches every radiator of its rooms off, and says so', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get('/v2/zones/2', () => answer('Zone.', { zone: zone('First floor', [lab]) })),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [] })),
      http.put('/v2/zones/toggle-status/2', async ({ request }) => {
        sent.push(await request.json());
        const off = { ...zone('First floor', [{ ...lab, status: 0, radiators_on: 0 }]), status: 0 };
        return answer("Every radiator in 'First floor' switched off.", { zone: off });
      }),
    );
    renderWithProviders(<ZoneDetail />, { route: '/zones/2', path: '/zones/:cuzone' });
    const all = await screen.findByRole('switch', {
      name: 'Zone heating (every radiator of its rooms)',
    });
    expect(all).toBeChecked();
    await user.click(all);
    expect(
      await screen.findByText("Every radiator in 'First floor' switched off."),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ status: 0 }]);
    await waitFor(() => expect(all).not.toBeChecked());
  });

  it('sums up its rooms: temperature live from their radiators, target and state', async () => {
    const office: Room = { ...lab, id: 5, name: 'Office', radiator_count: 2 };
    server.use(
      http.get('/v2/zones/2', () =>
        answer('Zone.', { zone: { ...zone('First floor', [lab, office]), radiator_count: 3 } }),
      ),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [] })),
    );
    const { store } = renderWithProviders(<ZoneDetail />, {
      route: '/zones/2',
      path: '/zones/:cuzone',
    });
    await screen.findByRole('heading', { name: 'First floor' });
    expect(screen.getByTestId('zone-temperature')).toHaveTextContent(ltr('20.0 °C'));
    expect(screen.getByText(ltr('20.5 °C'))).toBeInTheDocument();
    expect(screen.getByText('Rooms: 2 · radiators: 3')).toBeInTheDocument();
    expect(screen.getAllByText('Idle').length).toBeGreaterThan(0);

    const report = (id: number, roomId: number, celsius: number, heating: number) => ({
      id,
      room_id: roomId,
      current_temperature: celsius,
      power_w: heating * 1500,
      heating,
      online: 1,
      last_seen: new Date().toISOString(),
    });
    // Radiators of another zone's room do not count.
    store.dispatch(
      radiatorsReported([report(1, 4, 18, 0), report(2, 5, 19, 1), report(3, 9, 30, 0)]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('zone-temperature')).toHaveTextContent(ltr('18.5 °C')),
    );
    expect(screen.getAllByText('Heating').length).toBeGreaterThan(0);
  });

  it('says an address that holds no id names no zone, without asking the server', () => {
    renderWithProviders(<ZoneDetail />, { route: '/zones/1.5', path: '/zones/:cuzone' });
    expect(screen.getByText('This zone does not exist.')).toBeInTheDocument();
  });
});
