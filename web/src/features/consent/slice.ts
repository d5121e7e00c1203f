import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The consent area of spec §3; its calls and screens arrive with the issue that builds them.
export interface ConsentState {
  isLoading: boolean;
  consentPayload: unknown;
}

const initialState: ConsentState = { isLoading: false, consentPayload: null };

export const consentSlice = createSlice({
  name: 'consent',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
