import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/http';
import { renderWithProviders } from '../../test/render';
import { signedInAs, testUser } from '../../test/user';
import { ProfileImage } from './ProfileImage';

const signedIn = signedInAs(testUser({}));

/** The server's profile image, kept in `kept`: jsdom's files and blobs cannot pass through the
 *  HTTP client under Node, so its calls are spied on. */
function serveImage() {
  let kept = false;
  vi.spyOn(authClient, 'get').mockImplementation(async () =>
    kept ? { status: 200, data: new Blob(['png']) } : { status: 204, data: new Blob([]) },
  );
  const post = vi.spyOn(authClient, 'post').mockImplementation(async () => {
    kept = true;
    return { data: { code: 200, description: 'Profile image updated.', data: {} } };
  });
  const remove = vi.spyOn(authClient, 'delete').mockImplementation(async () => {
    kept = false;
    return { data: { code: 200, description: 'Profile image removed.', data: {} } };
  });
  return { post, remove, keep: () => void (kept = true) };
}

/** The page's image section, whose own alert says what went wrong (toasts are alerts too). */
const section = () => screen.getByRole('region', { name: 'Profile image' });

const jpeg = () => new File([new Uint8Array([255, 216, 255])], 'me.jpg', { type: 'image/jpeg' });

describe('the profile image', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a file over 2 MB here, under the button, sends an image and shows it', async () => {
    const ui = userEvent.setup();
    const { post } = serveImage();
    renderWithProviders(<ProfileImage />, { route: '/profile', preloadedState: signedIn });
    // None yet: the avatar's placeholder, no image, nothing to remove.
    await waitFor(() => expect(authClient.get).toHaveBeenCalled());
    expect(screen.queryByRole('img', { name: 'Your profile image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    const input = screen.getByLabelText('Choose an image');
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'large.jpg', {
      type: 'image/jpeg',
    });
    await ui.upload(input, large);
    expect(within(section()).getByRole('alert')).toHaveTextContent(
      'The image is larger than 2 MB: choose a smaller one.',
    );
    expect(post).not.toHaveBeenCalled();

    await ui.upload(input, jpeg());
    expect(await screen.findByText('Profile image updated.')).toBeInTheDocument();
    expect(within(section()).queryByRole('alert')).toBeNull();
    const [path, form] = post.mock.calls[0] ?? [];
    expect(path).toBe('/v2/users/profile-image');
    expect(((form as FormData).get('image') as File).name).toBe('me.jpg');
    expect(await screen.findByRole('img', { name: 'Your profile image' })).toHaveAttribute(
      'src',
      'blob:test',
    );
  });

  it('keeps the server’s refusal under the buttons', async () => {
    const ui = userEvent.setup();
    const { post } = serveImage();
    post.mockRejectedValueOnce({
      code: 415,
      description: 'Upload a PNG, JPEG or WebP image.',
      errors: {},
    });
    renderWithProviders(<ProfileImage />, { route: '/profile', preloadedState: signedIn });
    await ui.upload(screen.getByLabelText('Choose an image'), jpeg());
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Upload a PNG, JPEG or WebP image.',
    );
  });

  it('removes the image', async () => {
    const ui = userEvent.setup();
    const { remove, keep } = serveImage();
    keep();
    renderWithProviders(<ProfileImage />, { route: '/profile', preloadedState: signedIn });
    expect(await screen.findByRole('img', { name: 'Your profile image' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(await screen.findByText('Profile image removed.')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith('/v2/users/profile-image');
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Your profile image' })).toBeNull(),
    );
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose an image' })).toHaveFocus();
  });
});
