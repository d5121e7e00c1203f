import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { fetchMe, login } from '../auth';
import type { User } from '../auth';

/** Spec §3's `onboarding` area: whether the business is still onboarding, as `me` says. */
export interface OnboardingState {
  isOnboarding: boolean;
}

const initialState: OnboardingState = { isOnboarding: true };

/** A user from before onboarding existed (no step) has nothing left to do. */
const onboarding = (user: User) => (user.onboarding ?? 'done') !== 'done';

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addCase(fetchMe.fulfilled, (state, action) => {
        state.isOnboarding = onboarding(action.payload);
      })
      .addCase(login.fulfilled, (state, action) => {
        state.isOnboarding = onboarding(action.payload.user);
      });
  },
});
