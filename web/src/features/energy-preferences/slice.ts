import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { energyPreferencesApi } from './api';
import type { Charges } from './types';

/** Spec §3's `charges`: the tariff in force and its history (transient). */
export interface ChargesState {
  isLoading: boolean;
  charges: Charges | null;
  /** Why the last load failed; shown inline with a retry. */
  error: string | null;
}

const initialState: ChargesState = { isLoading: false, charges: null, error: null };

export const fetchCharges = apiThunk(
  'charges/fetch',
  async (): Promise<Charges> => (await energyPreferencesApi.charges()).data.data.charges,
  logLoadFailure('charges'),
);

export const chargesSlice = createSlice({
  name: 'charges',
  initialState,
  reducers: {
    /** The charges as adding a tariff answered them. */
    chargesChanged: (state, action: PayloadAction<Charges>) => {
      state.charges = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchCharges, (state, charges) => {
      state.charges = charges;
    });
  },
});

export const { chargesChanged } = chargesSlice.actions;
