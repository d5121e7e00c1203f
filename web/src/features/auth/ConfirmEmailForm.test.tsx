import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { removeToken, setToken } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { answer, refusePosts, server, takePosts } from '../../test/server';
import { signedInAs, testUser } from '../../test/user';
import { ConfirmEmailForm } from './ConfirmEmailForm';

const route = '/confirm-email?token=abc123';

describe('confirming a new email', () => {
  afterEach(removeToken);

  it('changes nothing until the button is pressed, then shows the new email everywhere', async () => {
    setToken('session-1');
    const confirmations = takePosts('/v2/auth/change_email/confirm', () =>
      answer('Your email is now new@acme.co.uk. Sign in with it from now on.'),
    );
    server.use(
      http.get('/v2/auth/me', () =>
        answer('Your account.', { me: testUser({ email: 'new@acme.co.uk' }) }),
      ),
    );
    const { store } = renderWithProviders(<ConfirmEmailForm />, {
      route,
      preloadedState: signedInAs(testUser({})),
    });
    expect(confirmations).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your email is now new@acme.co.uk. Sign in with it from now on.',
    );
    expect(confirmations).toEqual([{ token: 'abc123' }]);
    expect(store.getState().auth.user?.email).toBe('new@acme.co.uk');
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('says why a used or expired link cannot be used, with the way to sign in', async () => {
    refusePosts('/v2/auth/change_email/confirm', 422, 'Some fields need correcting.', {
      token: ['This link is invalid, used or expired. Ask for a new one from your profile.'],
    });
    renderWithProviders(<ConfirmEmailForm />, { route });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, used or expired. Ask for a new one from your profile.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm the email' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
  });

  it('asks for the link when the page is opened without one', () => {
    renderWithProviders(<ConfirmEmailForm />, { route: '/confirm-email' });
    expect(screen.getByText(/This page needs the link from the email/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
