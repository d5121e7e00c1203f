import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { answer, refusal, server } from '../../test/server';
import { signedInAs, testUser } from '../../test/user';
import { DeleteAccount } from './DeleteAccount';

describe('deleting the account', () => {
  it('asks for the password again and tells a wrong one under the field', async () => {
    const ui = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.delete('/v2/auth/:id', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        return body.password === 'correct horse battery'
          ? answer('Your account and all its data have been deleted.')
          : refusal(422, 'Some fields need correcting.', {
              password: ['The current password is incorrect.'],
            });
      }),
    );
    renderWithProviders(<DeleteAccount />, {
      route: '/profile',
      preloadedState: signedInAs(testUser({ id: 7 })),
    });
    await ui.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    // The payments can be kept first: nothing is left to download afterwards.
    expect(
      within(dialog).getByText(/Keep your card payments for your records first/),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Download the payments (CSV)' }),
    ).toBeEnabled();
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    await ui.click(confirm);
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const field = within(dialog).getByLabelText(/Your password, to confirm/);
    await ui.type(field, 'a guess');
    await ui.click(confirm);
    expect(await within(dialog).findByText('The current password is incorrect.')).toBeVisible();
    expect(screen.queryByTestId('location')).toBeNull();

    await ui.clear(field);
    await ui.type(field, 'correct horse battery{Enter}');
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(sent).toEqual([{ password: 'a guess' }, { password: 'correct horse battery' }]);
  });
});
