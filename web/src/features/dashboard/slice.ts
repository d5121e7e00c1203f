import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The dashboard area of spec §3; its calls and screens arrive with the issue that builds them.
export interface DashboardState {
  isLoading: boolean;
  dashboardData: unknown;
}

const initialState: DashboardState = { isLoading: false, dashboardData: null };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
