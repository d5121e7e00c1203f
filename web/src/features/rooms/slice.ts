import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The rooms area of spec §3; its calls and screens arrive with the issue that builds them.
export interface RoomsState {
  isLoading: boolean;
  rooms: unknown[];
  room: unknown;
  roomRadiators: unknown[];
}

const initialState: RoomsState = { isLoading: false, rooms: [], room: null, roomRadiators: [] };

export const roomsSlice = createSlice({
  name: 'rooms',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
