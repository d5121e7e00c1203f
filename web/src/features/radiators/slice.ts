import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The radiators area of spec §3; its calls and screens arrive with the issue that builds them.
export interface RadiatorsState {
  isLoading: boolean;
  radiators: unknown[];
  radiatorToUpdate: unknown;
}

const initialState: RadiatorsState = { isLoading: false, radiators: [], radiatorToUpdate: null };

export const radiatorsSlice = createSlice({
  name: 'radiators',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
