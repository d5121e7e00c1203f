import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { describeError } from '../../lib/http';
import { sessionEnded } from '../../lib/session';
import type { Room } from '../rooms';
import { zonesApi } from './api';
import type { Zone, ZoneDetail } from './types';

export interface ZonesState {
  isLoading: boolean;
  zones: Zone[];
  zoneRooms: Room[];
  zoneToUpdate: ZoneDetail | null;
  error: string | null;
}

const initialState: ZonesState = {
  isLoading: false,
  zones: [],
  zoneRooms: [],
  zoneToUpdate: null,
  error: null,
};

export const fetchZones = createAsyncThunk<Zone[], string, { rejectValue: string }>(
  'zones/fetch',
  async (search, { rejectWithValue }) => {
    try {
      return (await zonesApi.list(search)).data.data.zones;
    } catch (error) {
      console.error('zones failed to load', error);
      return rejectWithValue(describeError(error).description);
    }
  },
);

export const fetchZone = createAsyncThunk<ZoneDetail, number, { rejectValue: string }>(
  'zones/fetchOne',
  async (id, { rejectWithValue }) => {
    try {
      return (await zonesApi.get(id)).data.data.zone;
    } catch (error) {
      console.error('zone failed to load', error);
      return rejectWithValue(describeError(error).description);
    }
  },
);

export const zonesSlice = createSlice({
  name: 'zones',
  initialState,
  reducers: {
    zoneChanged: (state, action: PayloadAction<ZoneDetail>) => {
      state.zoneToUpdate = action.payload;
      state.zoneRooms = action.payload.rooms;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addCase(fetchZones.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(fetchZones.fulfilled, (state, action) => {
        state.isLoading = false;
        state.zones = action.payload;
      })
      .addCase(fetchZones.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload ?? null;
      })
      .addCase(fetchZone.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(fetchZone.fulfilled, (state, action) => {
        state.isLoading = false;
        state.zoneToUpdate = action.payload;
        state.zoneRooms = action.payload.rooms;
      })
      .addCase(fetchZone.rejected, (state, action) => {
        state.isLoading = false;
        state.zoneToUpdate = null;
        state.error = action.payload ?? null;
      });
  },
});

export const { zoneChanged } = zonesSlice.actions;
