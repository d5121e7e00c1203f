import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { serveBusinessSettings } from '../../test/business';
import { renderWithProviders } from '../../test/render';
import { eastWall } from '../../test/radiators';
import { answer, refusal, server } from '../../test/server';
import { liveSnapshot, type Radiator } from '../radiators';
import { RoomDetail } from './RoomDetail';
import type { RoomDetail as RoomWithRadiators } from './types';

const east = eastWall;

const room = (name: string, radiators: Radiator[]): RoomWithRadiators => ({
  id: 1,
  name,
  zone_id: null,
  zone_name: null,
  radiator_count: radiators.length,
  status: 1,
  radiators_on: radiators.filter((radiator) => radiator.status === 1).length,
  current_temperature: 20,
  target_temperature: 21,
  lowest_target: 21,
  highest_target: 21,
  shared_target: 21,
  heating: 0,
  reported: 1,
  radiators,
});

describe('a room’s page', () => {
  beforeEach(() => serveBusinessSettings());

  it('renames the room and moves to its new address, detaches a radiator and deletes the room', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    let current = room('Kitchen', [east]);
    let reads = 0;
    server.use(
      http.get('/v2/rooms', ({ request }) => {
        const name = new URL(request.url).searchParams.get('name');
        return answer('Rooms.', { rooms: name === current.name ? [current] : [] });
      }),
      http.get('/v2/rooms/1', () => {
        reads += 1;
        return answer('Room.', { room: current });
      }),
      http.post('/v2/rooms/1', async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        sent.push(`rename ${name}`);
        current = room(name, current.radiators);
        return answer(`Room '${name}' saved.`, { room: current });
      }),
      http.delete('/v2/rooms/1/radiators/7', () => {
        sent.push('detach 7');
        current = room(current.name, []);
        return answer("Radiator 'East wall' taken out of 'Galley'.", { room: current });
      }),
      http.delete('/v2/rooms/1', () => {
        sent.push('delete');
        return answer("Room 'Galley' deleted; its radiators are kept without a room.");
      }),
    );
    const { router } = renderWithProviders(<RoomDetail />, {
      route: '/rooms/Kitchen',
      path: '/rooms/:roomName',
    });
    await screen.findByRole('heading', { name: 'Kitchen' });
    // The way back to the list it belongs to.
    expect(screen.getByRole('link', { name: 'Rooms' })).toHaveAttribute('href', '/rooms');

    await user.click(screen.getByRole('button', { name: 'Rename room' }));
    const rename = within(screen.getByRole('dialog'));
    await user.clear(rename.getByLabelText(/Room name/));
    await user.type(rename.getByLabelText(/Room name/), 'Galley');
    await user.click(rename.getByRole('button', { name: 'Save changes' }));
    // The room's address is its name: the page moves to the new one, replacing the old.
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms/Galley'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Read again at its new address.
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByRole('heading', { name: 'Galley' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Detach East wall' }));
    const detach = within(screen.getByRole('alertdialog', { name: 'Detach East wall?' }));
    await user.click(detach.getByRole('button', { name: 'Detach' }));
    expect(await screen.findByText('No radiators in this room')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete room' }));
    // Described by what deleting does, with no radiators left saying nothing of keeping them.
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Galley?' });
    expect(dialog).toHaveAccessibleDescription(/^The room is deleted\. A schedule/);
    const remove = within(dialog);
    await user.click(remove.getByRole('button', { name: 'Delete room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(sent).toEqual(['rename Galley', 'detach 7', 'delete']);
  });

  it('sets one temperature on every radiator of the room and warns of those their limits held back', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const current = room('Kitchen', [east]);
    server.use(
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [current] })),
      http.get('/v2/rooms/1', () => answer('Room.', { room: current })),
      http.post('/v2/rooms/set-temperature', async ({ request }) => {
        sent.push(await request.json());
        const clamped = [{ radiator_id: 7, name: 'East wall', target_temperature: 25 }];
        return answer("'Kitchen' set to 26 °C; 1 radiator kept to its own limits.", {
          room: { ...current, target_temperature: 25 },
          clamped,
        });
      }),
    );
    renderWithProviders(<RoomDetail />, { route: '/rooms/Kitchen', path: '/rooms/:roomName' });
    const field = await screen.findByLabelText('Room temperature (°C)');
    expect(field).toHaveValue(21);
    await user.clear(field);
    await user.type(field, '31');
    expect(screen.getByRole('button', { name: 'Set for the whole room' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '26');
    await user.click(screen.getByRole('button', { name: 'Set for the whole room' }));
    expect(
      await screen.findByText("'Kitchen' set to 26 °C; 1 radiator kept to its own limits."),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ room_id: 1, temperature: 26 }]);
  });

  it('reads its switch as on only while every radiator is, and switches the rest on', async () => {
    const user = userEvent.setup();
    const west = { ...east, id: 8, uid: 'HD-0008', name: 'West wall', status: 0 };
    const sent: unknown[] = [];
    const partly = room('Kitchen', [east, west]);
    server.use(
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [partly] })),
      http.get('/v2/rooms/1', () => answer('Room.', { room: partly })),
      http.put('/v2/rooms/toggle-status/1', async ({ request }) => {
        sent.push(await request.json());
        const on = room('Kitchen', [east, { ...west, status: 1 }]);
        return answer("Every radiator in 'Kitchen' switched on.", { room: on });
      }),
    );
    renderWithProviders(<RoomDetail />, { route: '/rooms/Kitchen', path: '/rooms/:roomName' });
    const toggle = await screen.findByRole('switch', { name: /Room heating/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('1 of 2 on')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(sent).toEqual([{ status: 1 }]);
    expect(screen.queryByText('1 of 2 on')).not.toBeInTheDocument();
  });

  it('says a room it could not read with a retry and the way back to the rooms', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const kitchen = room('Kitchen', [east]);
    server.use(
      http.get('/v2/rooms', () => refusal(503, 'HeatDesk is busy.'), { once: true }),
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [kitchen] })),
      http.get('/v2/rooms/1', () => answer('Room.', { room: kitchen })),
    );
    renderWithProviders(<RoomDetail />, { route: '/rooms/Kitchen', path: '/rooms/:roomName' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This could not be loaded. HeatDesk is busy.',
    );
    expect(screen.getByRole('link', { name: 'Rooms' })).toHaveAttribute('href', '/rooms');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Kitchen');
  });

  it('says an old link of a renamed room names no room now, and leads back to the rooms', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/v2/rooms', () => answer('Rooms.', { rooms: [] })));
    renderWithProviders(<RoomDetail />, { route: '/rooms/Kitchen', path: '/rooms/:roomName' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no room named ‘Kitchen’. It may have been renamed or deleted.',
    );
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toHaveAttribute('href', '/rooms');
  });

  it('follows the room to its new name when a change answers it renamed in another tab', async () => {
    const user = userEvent.setup();
    let current = room('Kitchen', [{ ...east, status: 0 }]);
    server.use(
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [current] })),
      http.get('/v2/rooms/1', () => answer('Room.', { room: current })),
      http.put('/v2/rooms/toggle-status/1', () => {
        current = room('Kitchen Y', [east]);
        return answer("Every radiator in 'Kitchen Y' switched on.", { room: current });
      }),
    );
    const { router } = renderWithProviders(<RoomDetail />, {
      route: '/rooms/Kitchen',
      path: '/rooms/:roomName',
    });
    await user.click(await screen.findByRole('switch', { name: /Room heating/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms/Kitchen%20Y'));
    // Its page again, read at the new name, not a placeholder left waiting for the old one.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kitchen Y'),
    );
  });

  it('reads the room again when the live stream says its radiators were set elsewhere', async () => {
    let current = room('Kitchen', [{ ...east, status: 0 }]);
    server.use(
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [current] })),
      http.get('/v2/rooms/1', () => answer('Room.', { room: current })),
    );
    const { store } = renderWithProviders(<RoomDetail />, {
      route: '/rooms/Kitchen',
      path: '/rooms/:roomName',
    });
    const toggle = await screen.findByRole('switch', { name: /Room heating/ });
    expect(toggle).not.toBeChecked();
    // The stream opens with a snapshot of what the page has just read: nothing to read again.
    let reads = 0;
    server.use(
      http.get('/v2/rooms/1', () => {
        reads += 1;
        return answer('Room.', { room: current });
      }),
    );
    act(() => {
      store.dispatch(liveSnapshot([{ ...east, status: 0 }]));
    });
    // Switched on in another tab: the stream sends a snapshot, whose reports carry no status.
    current = room('Kitchen', [east]);
    act(() => {
      store.dispatch(liveSnapshot([east]));
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: /Room heating/ })).toBeChecked());
    expect(reads).toBe(1);
  });

  /** The temperature field of the Kitchen switched off, its radiators sharing `shared_target`,
   *  with the business's comfort setpoint at 19.5 °C. */
  const fieldSwitchedOff = async (shared_target: number | null) => {
    serveBusinessSettings({ comfort_setpoint: 19.5 });
    const off = {
      ...room('Kitchen', [east]),
      status: 0,
      target_temperature: null,
      shared_target,
    };
    server.use(
      http.get('/v2/rooms', () => answer('Rooms.', { rooms: [off] })),
      http.get('/v2/rooms/1', () => answer('Room.', { room: off })),
    );
    renderWithProviders(<RoomDetail />, { route: '/rooms/Kitchen', path: '/rooms/:roomName' });
    return screen.findByLabelText('Room temperature (°C)');
  };

  it('starts the temperature of a room switched off at its radiators’ shared target', async () => {
    const field = await fieldSwitchedOff(21);
    await waitFor(() => expect(field).toHaveValue(21));
  });

  it('starts the temperature of a room switched off whose radiators differ at the business’s comfort setpoint', async () => {
    const field = await fieldSwitchedOff(null);
    await waitFor(() => expect(field).toHaveValue(19.5));
  });
});
