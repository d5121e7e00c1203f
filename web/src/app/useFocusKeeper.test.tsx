import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useFocusKeeper } from './useFocusKeeper';

/** A button that is disabled while its action runs, as `useAction`'s `busy` does. */
function Saving() {
  useFocusKeeper();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button disabled={busy} onClick={() => setBusy(true)}>
        Save
      </button>
      <button onClick={() => setBusy(false)}>Finish</button>
    </>
  );
}

/** Renders the button and presses it from the keyboard: it disables itself. */
async function pressSave() {
  renderWithProviders(<Saving />);
  const save = screen.getByRole('button', { name: 'Save' });
  save.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(save).toBeDisabled());
  return save;
}

describe('useFocusKeeper', () => {
  it('gives the focus back to a button that was disabled while it had it', async () => {
    const save = await pressSave();
    // A browser drops the focus of a control disabled under it onto the page; jsdom keeps it.
    const page = vi.spyOn(document, 'activeElement', 'get').mockReturnValue(document.body);
    const focus = vi.spyOn(save, 'focus');
    // The action ends.
    screen.getByRole('button', { name: 'Finish' }).click();
    await waitFor(() => expect(focus).toHaveBeenCalled());
    page.mockRestore();
  });

  it('leaves the focus where the user has put it meanwhile', async () => {
    const save = await pressSave();
    const finish = screen.getByRole('button', { name: 'Finish' });
    finish.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(save).toBeEnabled());
    expect(finish).toHaveFocus();
  });
});
