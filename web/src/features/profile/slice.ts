import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { apiThunk } from '../../lib/thunk';
import { profileImageApi } from './api';

/**
 * The account's profile image, for the profile page and the top bar: an object URL of the PNG
 * the server keeps, or null when there is none. Transient: an object URL lasts only as long as
 * the page.
 */
export interface ProfileImageState {
  url: string | null;
  /** Whether it has been read since the page opened or the session began. */
  loaded: boolean;
}

const initialState: ProfileImageState = { url: null, loaded: false };

/** The object URL made last: replacing it frees the one before (one image is shown at a time). */
let shown: string | null = null;

/** Reads the image again (after an upload or a removal); 204 means there is none. */
export const fetchProfileImage = apiThunk(
  'profileImage/fetch',
  async (): Promise<string | null> => {
    const answer = await profileImageApi.read();
    if (shown) URL.revokeObjectURL(shown);
    shown = answer.status === 204 ? null : URL.createObjectURL(answer.data);
    return shown;
  },
);

export const profileImageSlice = createSlice({
  name: 'profileImage',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchProfileImage.fulfilled, (_state, action) => ({
      url: action.payload,
      loaded: true,
    }));
    // Unread (offline, a server error): shown as none, and not asked again on every page.
    builder.addCase(fetchProfileImage.rejected, () => ({ url: null, loaded: true }));
    builder.addCase(sessionEnded, () => initialState);
  },
});
