import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

export interface OnboardingState {
  isOnboarding: boolean;
}

const initialState: OnboardingState = { isOnboarding: true };

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    setOnboarding: (state, action: PayloadAction<boolean>) => {
      state.isOnboarding = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});

export const { setOnboarding } = onboardingSlice.actions;
