import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusal, refusePosts, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { AddRoomForm } from './AddRoomForm';
import { RoomsList } from './RoomsList';

const board = {
  id: 1,
  name: 'Board room',
  zone_id: 2,
  zone_name: 'First floor',
  radiator_count: 3,
  status: 1,
  radiators_on: 3,
  current_temperature: 20.4,
  target_temperature: 21,
  heating: 1,
  reported: 1,
};

describe('RoomsList', () => {
  it('shows each room with its temperature, zone and heating, and searches by name', async () => {
    const searches: (string | null)[] = [];
    server.use(
      http.get('/v2/rooms', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        searches.push(search);
        const rooms = search === null || 'board room'.includes(search.toLowerCase()) ? [board] : [];
        return answer('Rooms.', { rooms });
      }),
    );
    renderWithProviders(<RoomsList />, { route: '/rooms' });
    expect(
      screen.getByText(
        'The rooms of your building, each with its radiators’ temperature and state.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Board room' })).toHaveAttribute(
      'href',
      '/rooms/Board%20room',
    );
    // Isolated left-to-right, so it reads the same inside Arabic text.
    expect(screen.getByText('\u206620.4 °C\u2069')).toBeInTheDocument();
    expect(screen.getByText('First floor')).toBeInTheDocument();
    expect(screen.getByText('Heating')).toBeInTheDocument();
    // The first load sends no search; a typed one is sent URL-encoded.
    expect(searches[0]).toBeNull();
    await userEvent.type(screen.getByLabelText('Search rooms'), 'café & co');
    await screen.findByRole('heading', { name: 'Nothing matches your search' });
    expect(searches.at(-1)).toBe('café & co');
    // Said to screen readers, which do not see the list change.
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matches your search');
  });

  it('says what to do when there are no rooms', async () => {
    server.use(http.get('/v2/rooms', () => answer('Rooms.', { rooms: [] })));
    renderWithProviders(<RoomsList />, { route: '/rooms' });
    expect(await screen.findByText('No rooms yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add a room' })[0]).toHaveAttribute(
      'href',
      '/rooms/add-room',
    );
  });

  it('shows a failed load inline with a retry, without a toast', async () => {
    let calls = 0;
    server.use(
      http.get('/v2/rooms', () => {
        calls += 1;
        return calls === 1
          ? refusal(500, 'Something went wrong on our side.')
          : answer('Rooms.', { rooms: [board] });
      }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<RoomsList />, { route: '/rooms' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(error).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Board room' })).toBeInTheDocument();
    error.mockRestore();
  });
});

describe('AddRoomForm', () => {
  it('checks the name, then shows the server refusing a taken one under the field', async () => {
    refusePosts('/v2/rooms', 409, "A room named 'Kitchen' already exists.", {
      name: ["A room named 'Kitchen' already exists."],
    });
    renderWithProviders(<AddRoomForm />, { route: '/rooms/add-room' });
    await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    for (const reserved of ['add-room', '..']) {
      await userEvent.clear(screen.getByLabelText(/room name/i));
      await userEvent.type(screen.getByLabelText(/room name/i), reserved);
      await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
      expect(screen.getByText('This name is reserved; choose another.')).toBeInTheDocument();
    }
    await userEvent.clear(screen.getByLabelText(/room name/i));
    await userEvent.type(screen.getByLabelText(/room name/i), 'Kitchen');
    await userEvent.click(screen.getByRole('button', { name: 'Create room' }));
    await waitFor(() =>
      expect(document.querySelector('#field-name-helper-text')).toHaveTextContent(
        "A room named 'Kitchen' already exists.",
      ),
    );
  });
});
