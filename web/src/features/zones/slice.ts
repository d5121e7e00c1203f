import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The zones area of spec §3; its calls and screens arrive with the issue that builds them.
export interface ZonesState {
  isLoading: boolean;
  zones: unknown[];
  zoneRooms: unknown[];
  zoneToUpdate: unknown;
}

const initialState: ZonesState = { isLoading: false, zones: [], zoneRooms: [], zoneToUpdate: null };

export const zonesSlice = createSlice({
  name: 'zones',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
