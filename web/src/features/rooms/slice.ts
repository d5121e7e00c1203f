import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { describeError } from '../../lib/http';
import { sessionEnded } from '../../lib/session';
import type { Radiator } from '../radiators';
import { roomsApi } from './api';
import type { Room, RoomDetail } from './types';

export interface RoomsState {
  isLoading: boolean;
  rooms: Room[];
  room: RoomDetail | null;
  roomRadiators: Radiator[];
  error: string | null;
}

const initialState: RoomsState = {
  isLoading: false,
  rooms: [],
  room: null,
  roomRadiators: [],
  error: null,
};

export const fetchRooms = createAsyncThunk<Room[], string, { rejectValue: string }>(
  'rooms/fetch',
  async (search, { rejectWithValue }) => {
    try {
      return (await roomsApi.list(search)).data.data.rooms;
    } catch (error) {
      console.error('rooms failed to load', error);
      return rejectWithValue(describeError(error).description);
    }
  },
);

/** Loads a room by its name (the route's parameter), with its radiators. */
export const fetchRoomByName = createAsyncThunk<RoomDetail, string, { rejectValue: string }>(
  'rooms/fetchOne',
  async (name, { rejectWithValue }) => {
    try {
      const found = (await roomsApi.byName(name)).data.data.rooms[0];
      if (!found) return rejectWithValue('This room does not exist.');
      return (await roomsApi.get(found.id)).data.data.room;
    } catch (error) {
      console.error('room failed to load', error);
      return rejectWithValue(describeError(error).description);
    }
  },
);

export const roomsSlice = createSlice({
  name: 'rooms',
  initialState,
  reducers: {
    /** Clears the selected room and its radiators. */
    resetRoom: (state) => {
      state.room = null;
      state.roomRadiators = [];
    },
    roomChanged: (state, action: { payload: RoomDetail }) => {
      state.room = action.payload;
      state.roomRadiators = action.payload.radiators;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addCase(fetchRooms.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      // Unlike the spec's client, the flag goes off on success too (DESIGN.md §6).
      .addCase(fetchRooms.fulfilled, (state, action) => {
        state.isLoading = false;
        state.rooms = action.payload;
      })
      .addCase(fetchRooms.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload ?? null;
      })
      .addCase(fetchRoomByName.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(fetchRoomByName.fulfilled, (state, action) => {
        state.isLoading = false;
        state.room = action.payload;
        state.roomRadiators = action.payload.radiators;
      })
      .addCase(fetchRoomByName.rejected, (state, action) => {
        state.isLoading = false;
        state.room = null;
        state.error = action.payload ?? null;
      });
  },
});

export const { resetRoom, roomChanged } = roomsSlice.actions;
