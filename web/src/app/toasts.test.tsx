import Dialog from '@mui/material/Dialog';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TOAST } from '../config/constants';
import { successHideMs, useAction } from '../lib/useAction';
import { renderWithProviders } from '../test/render';

/** A button whose action succeeds or fails as asked. */
function Act({ fails }: { fails: boolean }) {
  const { run } = useAction();
  const call = () =>
    fails
      ? Promise.reject({
          code: 503,
          description: 'HeatDesk could not answer just now.',
          errors: {},
        })
      : Promise.resolve({ data: { description: 'Saved.' } });
  return <button onClick={() => void run(call)}>Go</button>;
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('keep a failure longer than a success, long enough to read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = renderWithProviders(<Act fails={false} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST.autoHideMs + 1000));
    await waitFor(() => expect(screen.queryByText('Saved.')).toBeNull());
    unmount();

    renderWithProviders(<Act fails />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('HeatDesk could not answer just now.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST.autoHideMs + 1000));
    expect(screen.getByText('HeatDesk could not answer just now.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST.failureHideMs));
    await waitFor(() =>
      expect(screen.queryByText('HeatDesk could not answer just now.')).toBeNull(),
    );
  });

  it('keep a long success as long as it takes to read, no longer than a failure', () => {
    expect(successHideMs('Saved.')).toBe(TOAST.autoHideMs);
    const long =
      "'Staff training' added to the closed days: every schedule runs as outside its slots then.";
    expect(successHideMs(long)).toBeGreaterThan(5000);
    expect(successHideMs(long.repeat(5))).toBe(TOAST.failureHideMs);
  });

  it('can each be closed by keyboard before they hide', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Act fails />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('HeatDesk could not answer just now.')).toBeInTheDocument();
    const close = screen.getByRole('button', { name: 'Close this message' });
    close.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByText('HeatDesk could not answer just now.')).toBeNull(),
    );
  });

  it('close with Escape, which an open dialog takes first', async () => {
    function WithDialog() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Act fails />
          <button onClick={() => setOpen(true)}>Open</button>
          <Dialog open={open} onClose={() => setOpen(false)}>
            <p>Details</p>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<WithDialog />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('HeatDesk could not answer just now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('HeatDesk could not answer just now.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByText('HeatDesk could not answer just now.')).toBeNull(),
    );
  });
});
