import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, refusePosts, takePosts } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ResetPasswordForm } from './ResetPasswordForm';

const ANSWER = 'If an account exists for this email, we have sent it a link to reset the password.';

describe('ForgotPasswordForm', () => {
  it("sends the email and shows the server's sentence", async () => {
    const sent = takePosts('/v2/auth/forgot_password', () => answer(ANSWER));
    renderWithProviders(<ForgotPasswordForm />, { route: '/forgot-password' });
    await userEvent.type(screen.getByLabelText(/email/i), ' owner@acme.co.uk ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ANSWER);
    expect(sent).toEqual([{ email: 'owner@acme.co.uk' }]);
  });

  it('starts with the address typed on the sign-in page', () => {
    renderWithProviders(<ForgotPasswordForm />, {
      route: '/forgot-password',
      state: { email: 'owner@acme.co.uk' },
    });
    expect(screen.getByLabelText(/email/i)).toHaveValue('owner@acme.co.uk');
  });
});

describe('ResetPasswordForm', () => {
  // The page checks its link as it opens; a usable one unless a test says otherwise.
  beforeEach(() => void takePosts('/v2/auth/reset_password/check', () => answer('Usable.')));

  it('says a link that cannot be used at once, before a password is typed', async () => {
    refusePosts('/v2/auth/reset_password/check', 422, 'Some fields need correcting.', {
      token: ['This reset link is invalid, used or expired. Ask for a new one.'],
    });
    renderWithProviders(<ResetPasswordForm />, { route: '/reset-password?token=expired' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid, used or expired. Ask for a new one.',
    );
    expect(screen.queryByLabelText(/^new password/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Send the link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends the token from the link with the new password, then goes to sign in', async () => {
    const sent = takePosts('/v2/auth/reset_password', () =>
      answer('Your password has been reset.'),
    );
    const { router } = renderWithProviders(<ResetPasswordForm />, {
      route: '/reset-password?token=abc123',
    });
    await userEvent.type(screen.getByLabelText(/^new password/i), 'a new password');
    await userEvent.type(screen.getByLabelText(/confirm password/i), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([{ token: 'abc123', password: 'a new password' }]);
  });

  it('refuses passwords that differ before sending', async () => {
    renderWithProviders(<ResetPasswordForm />, { route: '/reset-password?token=abc123' });
    await userEvent.type(screen.getByLabelText(/^new password/i), 'a new password');
    await userEvent.type(screen.getByLabelText(/confirm password/i), 'another password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });

  it('shows the server refusing a link used meanwhile in the page, with the way to a new one', async () => {
    refusePosts('/v2/auth/reset_password', 422, 'Some fields need correcting.', {
      token: ['This reset link is invalid, used or expired.'],
    });
    renderWithProviders(<ResetPasswordForm />, { route: '/reset-password?token=used' });
    await userEvent.type(screen.getByLabelText(/^new password/i), 'a new password');
    await userEvent.type(screen.getByLabelText(/confirm password/i), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid, used or expired.',
    );
    // The form goes, for a link to a new one.
    expect(screen.queryByRole('button', { name: 'Save the new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send the link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('explains that the page needs the emailed link', () => {
    renderWithProviders(<ResetPasswordForm />, { route: '/reset-password' });
    expect(screen.getByText(/needs the link from your email/)).toBeInTheDocument();
  });
});
