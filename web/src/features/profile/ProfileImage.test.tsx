import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/http';
import { renderWithProviders } from '../../test/render';
import { ProfileImage } from './ProfileImage';

describe('the profile image', () => {
  beforeEach(() => {
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:profile');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses a file over 2 MB here, sends an image and shows the one kept', async () => {
    const ui = userEvent.setup();
    let kept = false;
    // jsdom's files and blobs cannot pass through the HTTP client under Node: its calls are
    // spied on.
    vi.spyOn(authClient, 'get').mockImplementation(async () =>
      kept ? { status: 200, data: new Blob(['png']) } : { status: 204, data: new Blob([]) },
    );
    const post = vi.spyOn(authClient, 'post').mockImplementation(async () => {
      kept = true;
      return { data: { code: 200, description: 'Profile image updated.', data: {} } };
    });
    renderWithProviders(<ProfileImage />, { route: '/profile' });
    // None yet: the avatar's placeholder, no image.
    await waitFor(() => expect(URL.createObjectURL).not.toHaveBeenCalled());
    expect(screen.queryByRole('img', { name: 'Your profile image' })).toBeNull();
    const input = screen.getByLabelText('Choose an image');
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'large.jpg', {
      type: 'image/jpeg',
    });
    await ui.upload(input, large);
    expect(
      await screen.findByText('The image is larger than 2 MB: choose a smaller one.'),
    ).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await ui.upload(
      input,
      new File([new Uint8Array([255, 216, 255])], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Profile image updated.')).toBeInTheDocument();
    const [path, form] = post.mock.calls[0] ?? [];
    expect(path).toBe('/v2/users/profile-image');
    expect(((form as FormData).get('image') as File).name).toBe('me.jpg');
    expect(await screen.findByRole('img', { name: 'Your profile image' })).toHaveAttribute(
      'src',
      'blob:profile',
    );
  });
});
