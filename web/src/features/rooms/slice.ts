import { createSlice } from '@reduxjs/toolkit';
import { i18n } from '../../i18n';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure, Refusal, type LoadState } from '../../lib/thunk';
import type { Radiator } from '../radiators';
import { roomsApi } from './api';
import type { Room, RoomDetail } from './types';

export interface RoomsState extends LoadState {
  rooms: Room[];
  room: RoomDetail | null;
  roomRadiators: Radiator[];
}

const initialState: RoomsState = {
  isLoading: false,
  rooms: [],
  room: null,
  roomRadiators: [],
  error: null,
  missing: false,
};

export const fetchRooms = apiThunk(
  'rooms/fetch',
  async (search: string): Promise<Room[]> => (await roomsApi.list(search)).data.data.rooms,
  logLoadFailure('rooms'),
);

/** Loads a room by its name (the route's parameter), with its radiators. */
export const fetchRoomByName = apiThunk(
  'rooms/fetchOne',
  async (name: string): Promise<RoomDetail> => {
    const found = (await roomsApi.byName(name)).data.data.rooms[0];
    if (!found)
      throw new Refusal({ code: 404, description: i18n.t('rooms.missing', { name }), errors: {} });
    return (await roomsApi.get(found.id)).data.data.room;
  },
  logLoadFailure('room'),
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
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchRooms, (state, rooms) => {
      state.rooms = rooms;
    });
    addLoad(
      builder,
      fetchRoomByName,
      (state, room) => {
        state.room = room;
        state.roomRadiators = room.radiators;
      },
      (state) => {
        state.room = null;
      },
    );
  },
});

export const { resetRoom, roomChanged } = roomsSlice.actions;
