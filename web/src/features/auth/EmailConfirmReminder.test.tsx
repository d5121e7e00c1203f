import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { renderWithProviders } from '../../test/render';
import { answer, server } from '../../test/server';
import { signedInAs, testUser } from '../../test/user';
import { EmailConfirmReminder } from './EmailConfirmReminder';

describe('the reminder to confirm the email', () => {
  it('says where the link went, sends it again, and goes once the link has been opened', async () => {
    const user = userEvent.setup();
    let sent = 0;
    server.use(
      http.post('/v2/auth/confirm_email/resend', () => {
        sent += 1;
        return answer('We have sent a new link to owner@acme.co.uk.');
      }),
    );
    renderWithProviders(<EmailConfirmReminder />, {
      preloadedState: signedInAs(testUser({ email_confirmed: 0 })),
    });
    expect(screen.getByTestId('email-unconfirmed')).toHaveTextContent(
      'Confirm your email: we sent a link to \u2066owner@acme.co.uk\u2069. Until you open it, ' +
        'notifications are not mailed to you.',
    );
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to owner@acme.co.uk.')).toBeVisible();
    expect(sent).toBe(1);

    // Opened in another tab: back in this one, the account is read again.
    server.use(
      http.get('/v2/auth/me', () =>
        answer('Your account.', { me: testUser({ email_confirmed: 1 }) }),
      ),
    );
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.queryByTestId('email-unconfirmed')).toBeNull());
  });

  it('is not shown for a confirmed email, nor for a session stored before it was told', () => {
    renderWithProviders(<EmailConfirmReminder />, {
      preloadedState: signedInAs(testUser({ email_confirmed: 1 })),
    });
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
    renderWithProviders(<EmailConfirmReminder />, { preloadedState: signedInAs(testUser({})) });
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
  });
});
