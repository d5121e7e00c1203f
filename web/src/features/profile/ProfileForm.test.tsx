import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { answer, server } from '../../test/server';
import { signedInAs, testUser } from '../../test/user';
import { ProfileForm } from './ProfileForm';

describe('the profile form', () => {
  it('asks before leaving with unsaved edits, and leaves freely once they are saved', async () => {
    const ui = userEvent.setup();
    const user = testUser({});
    server.use(
      http.post('/v2/auth/update_profile', async ({ request }) => {
        const sent = (await request.json()) as Record<string, unknown>;
        return answer('Profile updated.', { user: { ...user, ...sent } });
      }),
    );
    const { router } = renderWithProviders(<ProfileForm />, {
      route: '/profile',
      preloadedState: signedInAs(user),
    });
    const town = screen.getByLabelText(/^Town or area/);
    await ui.clear(town);
    await ui.type(town, 'Headingley');
    await act(() => router.navigate('/rooms'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByLabelText(/^Town or area/)).toHaveValue('Headingley');

    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await act(() => router.navigate('/rooms'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rooms'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
