import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { onboardingApi } from './api';
import type { Consent } from './types';

/** What the consent form holds while it is filled in. */
export interface ConsentPayload {
  mpan: string;
  ihd_mac: string;
  agreed: boolean;
}

/**
 * Spec §3's `consent` area: the business's consent as the server last answered it (persisted;
 * absent until first read, null when none was given), and `consentPayload`, the consent form
 * as it was left (transient), so that reading the terms and coming back loses nothing.
 */
export interface ConsentState {
  isLoading: boolean;
  consent?: Consent | null;
  /** Why the last load failed; shown inline with a retry. */
  error: string | null;
  consentPayload: ConsentPayload | null;
}

const initialState: ConsentState = { isLoading: false, error: null, consentPayload: null };

export const fetchConsent = apiThunk(
  'consent/fetch',
  async (): Promise<Consent | null> => (await onboardingApi.consent()).data.data.consent,
  logLoadFailure('consent'),
);

export const consentSlice = createSlice({
  name: 'consent',
  initialState,
  reducers: {
    /** The consent as giving or withdrawing it answered it; the form is done with. */
    consentChanged: (state, action: PayloadAction<Consent | null>) => {
      state.consent = action.payload;
      state.consentPayload = null;
    },
    consentPayloadChanged: (state, action: PayloadAction<ConsentPayload>) => {
      state.consentPayload = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchConsent, (state, consent) => {
      state.consent = consent;
    });
  },
});

export const { consentChanged, consentPayloadChanged } = consentSlice.actions;
