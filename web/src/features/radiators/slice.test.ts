import { parseEvent } from '../../lib/live';
import {
  fleetLive,
  groupChip,
  liveSnapshot,
  radiatorsReported,
  radiatorsSlice,
  roomLive,
  roomRadiatorsSet,
  withLive,
} from './slice';
import type { Radiator } from './types';

const radiator: Radiator = {
  id: 7,
  uid: 'HD-7',
  name: 'Window',
  room_id: 3,
  room_name: 'Office',
  min_temperature: 7,
  max_temperature: 26,
  target_temperature: 21,
  status: 1,
  current_temperature: null,
  power_w: null,
  heating: 0,
  online: 0,
  last_seen: null,
};

describe('live radiator state', () => {
  it('merges what radiators report into the loaded ones and averages them per room', () => {
    const now = new Date().toISOString();
    let state = radiatorsSlice.reducer(undefined, liveSnapshot([radiator]));
    expect(state.live).toEqual({});
    state = radiatorsSlice.reducer(
      state,
      radiatorsReported([
        {
          id: 7,
          room_id: 3,
          current_temperature: 19.5,
          power_w: 1500,
          heating: 1,
          online: 1,
          last_seen: now,
        },
        {
          id: 8,
          room_id: 3,
          current_temperature: 20.5,
          power_w: 0,
          heating: 0,
          online: 1,
          last_seen: now,
        },
      ]),
    );
    expect(withLive(radiator, state.live)).toMatchObject({
      current_temperature: 19.5,
      heating: 1,
      online: 1,
    });
    expect(roomLive(3, state.live)).toEqual({ current_temperature: 20, online: 2, heating: 1 });
    expect(roomLive(4, state.live)).toBeNull();
    expect(fleetLive(state.live)).toEqual({ online: 2, heating: 1 });
    expect(fleetLive({})).toBeNull();

    // Radiator 8 detached, 7 moved to room 4: each counts where the change put it at once.
    state = radiatorsSlice.reducer(state, roomRadiatorsSet({ roomId: 3, radiatorIds: [] }));
    state = radiatorsSlice.reducer(state, roomRadiatorsSet({ roomId: 4, radiatorIds: [7] }));
    expect(roomLive(3, state.live)).toBeNull();
    expect(roomLive(4, state.live)).toMatchObject({ current_temperature: 19.5, online: 1 });
    expect(state.live[8]?.room_id).toBeNull();
  });

  it('shows a radiator silent for five minutes as offline', () => {
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    const state = radiatorsSlice.reducer(
      undefined,
      radiatorsReported([
        {
          id: 7,
          room_id: 3,
          current_temperature: 19,
          power_w: 1500,
          heating: 1,
          online: 1,
          last_seen: old,
        },
      ]),
    );
    expect(withLive(radiator, state.live)).toMatchObject({
      online: 0,
      heating: 0,
      current_temperature: 19,
    });
    // Its room has no temperature until a radiator there is heard again, as the server says.
    expect(roomLive(3, state.live)).toEqual({ current_temperature: null, online: 0, heating: 0 });
    expect(fleetLive(state.live)).toEqual({ online: 0, heating: 0 });
  });

  it('reads server-sent events and skips keep-alive comments', () => {
    expect(parseEvent('event: radiators\ndata: [{"id":1}]')).toEqual({
      event: 'radiators',
      data: [{ id: 1 }],
    });
    expect(parseEvent(': keep-alive')).toBeNull();
  });
});

describe('a room’s or zone’s heating chip', () => {
  const fresh = {
    status: 1,
    radiators_on: 2,
    current_temperature: null,
    target_temperature: 21,
    lowest_target: 21,
    highest_target: 21,
    shared_target: 21,
    heating: 0,
    reported: 0,
    radiator_count: 2,
  };

  it('waits while none of its radiators has reported, and is offline once they stop', () => {
    expect(groupChip(fresh, null)).toEqual({
      heating: 0,
      online: 0,
      on: 1,
      radiators: 2,
      reported: false,
    });
    expect(groupChip({ ...fresh, reported: 1 }, null)).toMatchObject({
      online: 0,
      reported: true,
    });
  });

  it('follows the live stream once it has heard the radiators', () => {
    const live = { current_temperature: 19.5, online: 1, heating: 1 };
    expect(groupChip(fresh, live)).toEqual({
      heating: 1,
      online: 1,
      on: 1,
      radiators: 2,
      reported: true,
    });
  });
});
