import { createSlice } from '@reduxjs/toolkit';
import { BUSINESS_LEVEL } from '../../config/constants';
import { i18n } from '../../i18n';
import type { ApiErrorBody } from '../../lib/http';
import { sessionEnded, setToken } from '../../lib/session';
import { addLoad, apiThunk, Refusal } from '../../lib/thunk';
import { authApi } from './api';
import type { Credentials, ProfilePayload, RegistrationPayload, User } from './types';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  success: string | null;
  error: string | null;
  isAuthenticated: boolean;
  contactUs: unknown;
}

const initialState: AuthState = {
  user: null,
  isLoading: false,
  success: null,
  error: null,
  isAuthenticated: false,
  contactUs: null,
};

/** What a refused auth call rejects with: the server's description and field errors. */
export type AuthFailure = ApiErrorBody;

/** Only business accounts may use the web app (spec §6): others are told 'You are not allowed'. */
function businessOnly(level: number) {
  if (level !== BUSINESS_LEVEL)
    throw new Refusal({ code: 403, description: i18n.t('auth.notAllowed'), errors: {} });
}

export const login = apiThunk(
  'auth/login',
  async ({ email, password }: Credentials): Promise<{ user: User; description: string }> => {
    const { data } = await authApi.login(email, password);
    // The token lives in its cookie only, never in persisted state.
    const { access_token, expires_at, ...user } = data.data.user;
    businessOnly(user.level);
    setToken(access_token);
    return { user, description: data.description };
  },
);

export const register = apiThunk('auth/register', async (payload: RegistrationPayload) => {
  const { data } = await authApi.register(payload);
  businessOnly(data.data.user.level);
  // Not sent (it could not be mailed): the answer says so, as a warning that stays to be read.
  return { description: data.description, confirmationSent: data.data.confirmation_sent === 1 };
});

/** Reloads the signed-in user. A 401 ends the session through the HTTP client; any other
 *  failure (offline, a server restarting) keeps it, so that nobody is signed out by a blip. */
export const fetchMe = apiThunk(
  'auth/me',
  async (): Promise<User> => (await authApi.me()).data.data.me,
);

export const updateProfile = apiThunk(
  'auth/updateProfile',
  async (payload: ProfilePayload): Promise<User> =>
    (await authApi.updateProfile(payload)).data.data.user,
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    resetStatus: (state) => {
      state.isLoading = false;
      state.success = null;
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addCase(fetchMe.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addCase(updateProfile.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(updateProfile.fulfilled, (state, action) => {
        state.isLoading = false;
        state.user = action.payload;
      })
      .addCase(updateProfile.rejected, (state) => {
        state.isLoading = false;
      });
    addLoad(builder, login, (state, { user, description }) => {
      state.user = user;
      state.isAuthenticated = true;
      state.success = description;
    });
    addLoad(builder, register, (state, { description }) => {
      state.success = description;
    });
  },
});

export const { resetStatus } = authSlice.actions;
