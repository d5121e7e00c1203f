import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http } from 'msw';
import { answer, refusal, server, takePosts } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { LoginForm } from './LoginForm';

const user = {
  id: 1,
  email: 'owner@acme.co.uk',
  business_name: 'Acme Heating',
  level: 5001,
  access_token: 'token-123',
  expires_at: '2026-12-01T00:00:00Z',
};

async function signIn(email = 'owner@acme.co.uk', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText(/email/i), email);
  await userEvent.type(screen.getByLabelText(/^password/i), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('stores the business user and the token cookie, then goes home', async () => {
    const sent = takePosts('/v2/auth/login', () => answer('Signed in successfully.', { user }));
    const { store, router } = renderWithProviders(<LoginForm />);
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(sent).toEqual([{ email: 'owner@acme.co.uk', password: 'correct horse' }]);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(store.getState().auth.user).toMatchObject({ business_name: 'Acme Heating' });
    expect(store.getState().auth.user).not.toHaveProperty('access_token');
    expect(Cookies.get('token')).toBe('token-123');
  });

  it('refuses an account that is not a business with "You are not allowed" and stores nothing', async () => {
    server.use(
      http.post('/v2/auth/login', () =>
        answer('Signed in successfully.', { user: { ...user, level: 5000 } }),
      ),
    );
    const { store, router } = renderWithProviders(<LoginForm />);
    await signIn();
    expect(await screen.findByText('You are not allowed')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(Cookies.get('token')).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back to the page that asked for sign-in', async () => {
    takePosts('/v2/auth/login', () => answer('Signed in successfully.', { user }));
    const { router } = renderWithProviders(<LoginForm />, {
      state: { from: '/rooms/Front%20office?tab=radiators' },
    });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms/Front%20office'));
    expect(router.state.location.search).toBe('?tab=radiators');
  });

  it('carries the email typed to the password reset', async () => {
    const { router } = renderWithProviders(<LoginForm />);
    await userEvent.type(screen.getByLabelText(/email/i), ' owner@acme.co.uk');
    await userEvent.click(screen.getByRole('link', { name: /forgot/i }));
    expect(router.state.location.state).toEqual({ email: 'owner@acme.co.uk' });
  });

  it('starts with the address just registered, ready for the password', () => {
    renderWithProviders(<LoginForm />, { state: { email: 'new@acme.co.uk' } });
    expect(screen.getByLabelText(/^email/i)).toHaveValue('new@acme.co.uk');
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
  });

  it("keeps the server's description above the form until the next try", async () => {
    server.use(
      http.post('/v2/auth/login', () => refusal(401, 'The email or password is incorrect.')),
    );
    renderWithProviders(<LoginForm />);
    await signIn();
    const form = within(
      screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLElement,
    );
    expect(await form.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    // Not a toast besides, and what was typed is kept.
    expect(screen.getAllByText('The email or password is incorrect.')).toHaveLength(1);
    expect(screen.getByLabelText(/email/i)).toHaveValue('owner@acme.co.uk');
    // A try the fields refuse clears it too: it told of the try before.
    await userEvent.clear(screen.getByLabelText(/^password/i));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('checks the fields before sending anything', async () => {
    renderWithProviders(<LoginForm />);
    await signIn('not-an-email', 'x');
    expect(await screen.findByText(/Enter a valid email address/)).toBeInTheDocument();
    // No handler is registered: a request would fail the test (onUnhandledRequest: 'error').
  });
});
