import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure, type LoadState } from '../../lib/thunk';
import type { Room } from '../rooms';
import { zonesApi } from './api';
import type { Zone, ZoneDetail } from './types';

export interface ZonesState extends LoadState {
  zones: Zone[];
  zoneRooms: Room[];
  zoneToUpdate: ZoneDetail | null;
}

const initialState: ZonesState = {
  isLoading: false,
  zones: [],
  zoneRooms: [],
  zoneToUpdate: null,
  error: null,
  missing: false,
};

export const fetchZones = apiThunk(
  'zones/fetch',
  async (search: string): Promise<Zone[]> => (await zonesApi.list(search)).data.data.zones,
  logLoadFailure('zones'),
);

export const fetchZone = apiThunk(
  'zones/fetchOne',
  async (id: number): Promise<ZoneDetail> => (await zonesApi.get(id)).data.data.zone,
  logLoadFailure('zone'),
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
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchZones, (state, zones) => {
      state.zones = zones;
    });
    addLoad(
      builder,
      fetchZone,
      (state, zone) => {
        state.zoneToUpdate = zone;
        state.zoneRooms = zone.rooms;
      },
      (state) => {
        state.zoneToUpdate = null;
      },
    );
  },
});

export const { zoneChanged } = zonesSlice.actions;
