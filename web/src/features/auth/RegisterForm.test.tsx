import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { answer, refusePosts, server } from '../../test/server';
import { renderWithProviders } from '../../test/render';
import { RegisterForm } from './RegisterForm';

/** Puts `value` in the field as one paste: typing the form's 150 characters one at a time,
 *  each a render of the whole form, took most of this file's 30 s. */
async function fill(label: RegExp | string, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

async function fillValidForm() {
  await fill(/^business name/i, 'Acme Heating');
  await fill(/trading name/i, 'Acme Trading');
  await fill(/^email/i, 'owner@acme.co.uk');
  await fill(/mobile/i, '07700 900123');
  await fill(/address line 1/i, '1 High Street');
  await fill(/^town or area/i, 'Headingley');
  await fill(/^town or city/i, 'Leeds');
  await fill(/^postcode/i, 'LS1 4AP');
  await fill(/^password/i, 'correct horse battery');
  await fill(/confirm password/i, 'correct horse battery');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('RegisterForm', () => {
  it('warns, and leaves it to be read, when the link to confirm the email could not be sent', async () => {
    const said =
      'Your account has been created, but the link to confirm your email could not be sent just now. Sign in and ask for it again from the reminder at the top of the page.';
    server.use(
      http.post('/v2/auth', () => answer(said, { user: { level: 5001 }, confirmation_sent: 0 })),
    );
    renderWithProviders(<RegisterForm />, { route: '/register' });
    await fillValidForm();
    await submit();
    const toast = await screen.findByText(said);
    expect(toast.closest('.notistack-MuiContent')).toHaveClass('notistack-MuiContent-warning');
  });

  it('sends the business name as first_name and business_name, and copies the trading address', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post('/v2/auth', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return answer(
          'Your account has been created, and we have sent a link to confirm your email. You can now sign in.',
          {
            user: { level: 5001 },
            confirmation_sent: 1,
          },
        );
      }),
    );
    const { router } = renderWithProviders(<RegisterForm />, { route: '/register' });
    await fillValidForm();
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The sign-in page is handed the address just registered.
    expect(router.state.location.state).toEqual({ email: 'owner@acme.co.uk' });
    expect(sent).toEqual({
      first_name: 'Acme Heating',
      last_name: 'Acme Trading',
      business_name: 'Acme Heating',
      email: 'owner@acme.co.uk',
      mobile: '07700 900123',
      password: 'correct horse battery',
      is_business: 1,
      is_same_address: 1,
      address_line1: '1 High Street',
      address_line2: '',
      town: 'Headingley',
      city: 'Leeds',
      post_code: 'LS1 4AP',
      business_address_line1: '1 High Street',
      business_address_line2: '',
      business_town: 'Headingley',
      business_city: 'Leeds',
      business_post_code: 'LS1 4AP',
    });
    expect(
      await screen.findByText(
        'Your account has been created, and we have sent a link to confirm your email. You can now sign in.',
      ),
    ).toBeInTheDocument();
  });

  it('hides the business address while it is the trading address, and checks it when shown', async () => {
    renderWithProviders(<RegisterForm />, { route: '/register' });
    const fields = () => document.querySelectorAll('input[name^="business_address_line1"]');
    expect(fields()).toHaveLength(0);
    await fillValidForm();
    await userEvent.click(
      screen.getByLabelText(/registered business address is the trading address/i),
    );
    expect(fields()).toHaveLength(1);
    await userEvent.type(
      document.querySelector('input[name="business_post_code"]') as HTMLElement,
      'nowhere',
    );
    await submit();
    expect(document.querySelector('#field-business_address_line1-helper-text')).toHaveTextContent(
      'This field is required.',
    );
    expect(document.querySelector('#field-business_post_code-helper-text')).toHaveTextContent(
      /Enter a valid UK postcode/,
    );
  });

  it('links the terms and the privacy policy from one sentence', async () => {
    renderWithProviders(<RegisterForm />, { route: '/register' });
    const terms = await screen.findByRole('link', { name: 'terms and conditions' });
    expect(terms).toHaveAttribute('href', '/terms-conditions');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(terms.parentElement).toHaveTextContent(
      'By creating an account you accept the terms and conditions and the privacy policy.',
    );
  });

  it('shows every client-side problem before sending', async () => {
    renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill(/^email/i, 'nope');
    await fill(/^postcode/i, '90210');
    await fill(/^town or city/i, '1');
    await fill(/^password/i, 'short');
    await submit();
    expect(screen.getByText(/Enter a valid email address/)).toBeInTheDocument();
    expect(screen.getByText(/Enter a valid UK postcode/)).toBeInTheDocument();
    expect(document.querySelector('#field-city-helper-text')).toHaveTextContent(
      'Enter the name in letters, like Leeds.',
    );
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(3);
    expect(document.querySelector('#field-password-helper-text')).toHaveTextContent(
      'Use at least 10 characters.',
    );
    // The confirmation is asked for too, not only once the password is right.
    expect(document.querySelector('#field-confirm_password-helper-text')).toHaveTextContent(
      'This field is required.',
    );
    // One that differs is told with the short password, not on the next submit.
    await fill(/^confirm password/i, 'shorter');
    await submit();
    expect(document.querySelector('#field-password-helper-text')).toHaveTextContent(
      'Use at least 10 characters.',
    );
    expect(document.querySelector('#field-confirm_password-helper-text')).toHaveTextContent(
      'The passwords do not match.',
    );
  });

  it("shows the server's field errors under their fields", async () => {
    refusePosts('/v2/auth', 409, 'An account with this email already exists. Sign in instead.', {
      email: ['An account with this email already exists. Sign in instead.'],
    });
    const { router } = renderWithProviders(<RegisterForm />, { route: '/register' });
    await fillValidForm();
    await submit();
    await waitFor(() =>
      expect(document.querySelector('#field-email-helper-text')).toHaveTextContent(
        'An account with this email already exists',
      ),
    );
    // Signing in instead starts from the address typed here.
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ email: 'owner@acme.co.uk' });
  });

  it('puts the focus on the first wrong field on the page, the email above the mobile', async () => {
    renderWithProviders(<RegisterForm />, { route: '/register' });
    await fillValidForm();
    await userEvent.clear(screen.getByLabelText(/^email/i));
    await fill(/^email/i, 'owner@cosycafe');
    await fill(/mobile/i, 'x');
    await submit();
    expect(screen.getByLabelText(/^email/i)).toHaveFocus();
    expect(screen.getByLabelText(/mobile/i)).toHaveAccessibleDescription(/./);
  });
});
