import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { answer, refusal, server, takePosts } from '../../test/server';
import { signedInAs, testUser } from '../../test/user';
import { ProfileForm } from './ProfileForm';

describe('changing the email', () => {
  it('sends a link to the new address with the password, and keeps saying so', async () => {
    const ui = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.post('/v2/auth/change_email', async ({ request }) => {
        const body = (await request.json()) as { email: string; password: string };
        sent.push(body);
        return body.password === 'correct horse battery'
          ? answer(
              'We have sent a link to new@acme.co.uk. Open it within 24 hours to finish the change.',
            )
          : refusal(422, 'Some fields need correcting.', {
              password: ['The current password is incorrect.'],
            });
      }),
    );
    // The dialog's form is its own: sending it saves nothing of the profile around it.
    const profileSaves = takePosts('/v2/auth/update_profile', () => answer('Saved'));
    renderWithProviders(<ProfileForm />, {
      route: '/profile',
      preloadedState: signedInAs(testUser({})),
    });
    expect(screen.getByLabelText('Email')).toHaveValue('owner@acme.co.uk');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your email' });
    const submit = within(dialog).getByRole('button', { name: 'Send the link' });
    await ui.click(submit);
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(sent).toEqual([]);

    await ui.type(within(dialog).getByLabelText(/New email/), ' new@acme.co.uk');
    await ui.type(within(dialog).getByLabelText(/Your password/), 'a guess');
    await ui.click(submit);
    expect(await within(dialog).findByText('The current password is incorrect.')).toBeVisible();

    const password = within(dialog).getByLabelText(/Your password/);
    await ui.clear(password);
    await ui.type(password, 'correct horse battery{Enter}');
    expect(
      await screen.findByText(
        'We have sent a link to new@acme.co.uk. Open it within 24 hours to finish the change.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { email: 'new@acme.co.uk', password: 'a guess' },
      { email: 'new@acme.co.uk', password: 'correct horse battery' },
    ]);
    expect(profileSaves).toEqual([]);
    // Until the link is opened, the email is the one it was.
    expect(screen.getByLabelText('Email')).toHaveValue('owner@acme.co.uk');
  });
});
