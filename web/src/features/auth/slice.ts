import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BUSINESS_LEVEL } from '../../config/constants';
import { describeError, type ApiErrorBody } from '../../lib/http';
import { removeToken, sessionEnded, setToken } from '../../lib/session';
import { authApi } from './api';
import type { Coordinates, ProfilePayload, RegistrationPayload, User } from './types';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  success: string | null;
  error: string | null;
  isAuthenticated: boolean;
  contactUs: unknown;
  userCords: Coordinates | null;
}

const initialState: AuthState = {
  user: null,
  isLoading: false,
  success: null,
  error: null,
  isAuthenticated: false,
  contactUs: null,
  userCords: null,
};

/** What a refused auth call rejects with: the server's description and field errors. */
export type AuthFailure = ApiErrorBody;

export const NOT_ALLOWED = 'You are not allowed';

function notAllowed(): AuthFailure {
  return { code: 403, description: NOT_ALLOWED, errors: {} };
}

export const login = createAsyncThunk<
  { user: User; description: string },
  { email: string; password: string },
  { rejectValue: AuthFailure }
>('auth/login', async ({ email, password }, { rejectWithValue }) => {
  try {
    const { data } = await authApi.login(email, password);
    // The token lives in its cookie only, never in persisted state.
    const { access_token, expires_at, ...user } = data.data.user;
    if (user.level !== BUSINESS_LEVEL) return rejectWithValue(notAllowed());
    setToken(access_token);
    return { user, description: data.description };
  } catch (error) {
    return rejectWithValue(describeError(error));
  }
});

export const register = createAsyncThunk<
  { description: string },
  RegistrationPayload,
  { rejectValue: AuthFailure }
>('auth/register', async (payload, { rejectWithValue }) => {
  try {
    const { data } = await authApi.register(payload);
    if (data.data.user.level !== BUSINESS_LEVEL) return rejectWithValue(notAllowed());
    return { description: data.description };
  } catch (error) {
    return rejectWithValue(describeError(error));
  }
});

/** Reloads the signed-in user; a failure clears the token cookie. */
export const fetchMe = createAsyncThunk<User, undefined, { rejectValue: AuthFailure }>(
  'auth/me',
  async (_, { rejectWithValue }) => {
    try {
      const { data } = await authApi.me();
      return data.data.me;
    } catch (error) {
      removeToken();
      return rejectWithValue(describeError(error));
    }
  },
);

export const updateProfile = createAsyncThunk<User, ProfilePayload, { rejectValue: AuthFailure }>(
  'auth/updateProfile',
  async (payload, { rejectWithValue }) => {
    try {
      const { data } = await authApi.updateProfile(payload);
      return data.data.user;
    } catch (error) {
      return rejectWithValue(describeError(error));
    }
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setUserCords: (state, action: PayloadAction<Coordinates>) => {
      state.userCords = action.payload;
    },
    resetStatus: (state) => {
      state.isLoading = false;
      state.success = null;
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, (state) => ({ ...initialState, userCords: state.userCords }))
      .addCase(login.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.isLoading = false;
        state.user = action.payload.user;
        state.isAuthenticated = true;
        state.success = action.payload.description;
      })
      .addCase(login.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.description ?? action.error.message ?? null;
      })
      .addCase(register.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(register.fulfilled, (state, action) => {
        state.isLoading = false;
        state.success = action.payload.description;
      })
      .addCase(register.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.description ?? action.error.message ?? null;
      })
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
  },
});

export const { setUserCords, resetStatus } = authSlice.actions;
