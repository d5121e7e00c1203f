import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The analytics area of spec §3; its calls and screens arrive with the issue that builds them.
export interface AnalyticsState {
  energyUsage: unknown;
  co2Savings: unknown;
  roomsRadiatorUsage: unknown;
  zonesRadiatorUsage: unknown;
  isLoading: boolean;
  error: string | null;
  selectedAnalytics: unknown;
}

const initialState: AnalyticsState = {
  energyUsage: null,
  co2Savings: null,
  roomsRadiatorUsage: null,
  zonesRadiatorUsage: null,
  isLoading: false,
  error: null,
  selectedAnalytics: null,
};

export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
