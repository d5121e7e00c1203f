import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

export interface ProfileState {
  isLoading: boolean;
}

const initialState: ProfileState = { isLoading: false };

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    setProfileLoading: (state, action: { payload: boolean }) => {
      state.isLoading = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
