import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/http';
import { renderWithProviders } from '../../test/render';
import { signedInAs, testUser } from '../../test/user';
import { UserMenu } from './UserMenu';

describe('the account menu’s button', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the profile image once there is one, and the account icon before', async () => {
    // jsdom's blobs cannot pass through the HTTP client under Node: its call is spied on.
    const get = vi
      .spyOn(authClient, 'get')
      .mockResolvedValue({ status: 200, data: new Blob(['png']) });
    renderWithProviders(<UserMenu />, { preloadedState: signedInAs(testUser({})) });
    expect(await screen.findByTestId('user-avatar')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/v2/users/profile-image', { responseType: 'blob' });
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('keeps the account icon without an image', async () => {
    const get = vi.spyOn(authClient, 'get').mockResolvedValue({ status: 204, data: new Blob([]) });
    renderWithProviders(<UserMenu />, { preloadedState: signedInAs(testUser({})) });
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(screen.queryByTestId('user-avatar')).toBeNull();
  });
});
