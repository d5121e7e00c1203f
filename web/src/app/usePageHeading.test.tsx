import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { usePageHeading } from './usePageHeading';
import { userEvent } from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';

/** A page whose button moves to another page, which leaves with the button. */
function Pages() {
  usePageHeading();
  const [room, setRoom] = useState<string | null>(null);
  const open = (name: string) => {
    window.history.pushState({}, '', '/rooms/1');
    setRoom(name);
  };
  return (
    <main>
      {room ? (
        <h1>{room}</h1>
      ) : (
        <>
          <h1>Rooms</h1>
          <button onClick={() => open('Kitchen')}>Open Kitchen</button>
        </>
      )}
    </main>
  );
}

describe('usePageHeading', () => {
  it('names the tab after the heading, and puts the focus on a new page’s heading when it was lost', async () => {
    window.history.replaceState({}, '', '/rooms');
    renderWithProviders(<Pages />);
    await waitFor(() => expect(document.title).toBe('Rooms – HeatDesk'));
    await userEvent.click(screen.getByRole('button', { name: 'Open Kitchen' }));
    await waitFor(() => expect(document.title).toBe('Kitchen – HeatDesk'));
    expect(screen.getByRole('heading', { name: 'Kitchen' })).toHaveFocus();
  });

  it('names a page of tabs after its open tab too', async () => {
    function Tabbed() {
      usePageHeading();
      const [open, setOpen] = useState('Business');
      return (
        <main>
          <h1>Settings</h1>
          <div role="tablist">
            {['Business', 'History'].map((name) => (
              <button
                key={name}
                role="tab"
                aria-selected={open === name}
                onClick={() => setOpen(name)}
              >
                {name}
              </button>
            ))}
          </div>
          <p>{open} settings</p>
        </main>
      );
    }
    renderWithProviders(<Tabbed />);
    await waitFor(() => expect(document.title).toBe('Business – Settings – HeatDesk'));
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(document.title).toBe('History – Settings – HeatDesk'));
  });

  it('puts the focus on the heading when a button it was on goes away on the same page', async () => {
    function Removing() {
      usePageHeading();
      const [rooms, setRooms] = useState(['Lab']);
      return (
        <main>
          <h1>Ground floor</h1>
          {rooms.map((room) => (
            <button key={room} onClick={() => setRooms([])}>
              Remove {room}
            </button>
          ))}
        </main>
      );
    }
    renderWithProviders(<Removing />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Lab' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Ground floor' })).toHaveFocus(),
    );
  });

  it('puts the focus on the item now in the place of one removed from a list, else the last', async () => {
    function List() {
      usePageHeading();
      const [rooms, setRooms] = useState(['Lab', 'Hall', 'Kitchen']);
      return (
        <main>
          <h1>Ground floor</h1>
          <ul>
            {rooms.map((room) => (
              <li key={room}>
                <button onClick={() => setRooms(rooms.filter((other) => other !== room))}>
                  Remove {room}
                </button>
              </li>
            ))}
          </ul>
        </main>
      );
    }
    renderWithProviders(<List />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Hall' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Kitchen' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Lab' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Ground floor' })).toHaveFocus(),
    );
  });

  it('leaves the focus where it is when it is still on something', async () => {
    window.history.replaceState({}, '', '/rooms');
    function Moving() {
      usePageHeading();
      const [name, setName] = useState('Rooms');
      return (
        <main>
          <h1>{name}</h1>
          <input
            aria-label="Search"
            onChange={() => {
              window.history.pushState({}, '', '/rooms?search=k');
              setName('Rooms found');
            }}
          />
        </main>
      );
    }
    renderWithProviders(<Moving />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'k');
    await waitFor(() => expect(document.title).toBe('Rooms found – HeatDesk'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});
