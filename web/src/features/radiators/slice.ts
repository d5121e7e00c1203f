import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { radiatorsApi } from './api';
import type { GroupState, LiveRadiator, Radiator } from './types';

export interface RadiatorsState {
  isLoading: boolean;
  radiators: Radiator[];
  /** The server runs the simulated fleet: the readings are modelled, not measured. */
  simulated: boolean;
  radiatorToUpdate: Radiator | null;
  /** Why the last list load failed; shown inline with a retry. */
  error: string | null;
  /** What each radiator last reported on the live stream, by id. */
  live: Record<number, LiveRadiator>;
  /** How many snapshots the live stream has sent: one opens it, and one follows every change
   *  of what radiators are set to (by anyone, or a schedule), so pages read theirs again. */
  snapshots: number;
}

const initialState: RadiatorsState = {
  isLoading: false,
  radiators: [],
  simulated: false,
  radiatorToUpdate: null,
  error: null,
  live: {},
  snapshots: 0,
};

export const fetchRadiators = apiThunk(
  'radiators/fetch',
  async (search: string) => (await radiatorsApi.list(search)).data.data,
  logLoadFailure('radiators'),
);

function liveOf(radiator: Radiator): LiveRadiator | null {
  if (radiator.current_temperature === null || radiator.last_seen === null) return null;
  return {
    id: radiator.id,
    room_id: radiator.room_id,
    current_temperature: radiator.current_temperature,
    power_w: radiator.power_w ?? 0,
    heating: radiator.heating,
    online: radiator.online,
    last_seen: radiator.last_seen,
  };
}

export const radiatorsSlice = createSlice({
  name: 'radiators',
  initialState,
  reducers: {
    chooseRadiator: (state, action: PayloadAction<Radiator | null>) => {
      state.radiatorToUpdate = action.payload;
    },
    /** The stream's opening snapshot: every radiator as the server knows it now. */
    liveSnapshot: (state, action: PayloadAction<Radiator[]>) => {
      state.snapshots += 1;
      state.live = {};
      for (const radiator of action.payload) {
        const live = liveOf(radiator);
        if (live) state.live[radiator.id] = live;
      }
    },
    radiatorsReported: (state, action: PayloadAction<LiveRadiator[]>) => {
      for (const report of action.payload) state.live[report.id] = report;
    },
    /** A room's radiators as a change answered them: their reports count for it, no others'. */
    roomRadiatorsSet: (state, action: PayloadAction<{ roomId: number; radiatorIds: number[] }>) => {
      const { roomId, radiatorIds } = action.payload;
      for (const report of Object.values(state.live)) {
        if (radiatorIds.includes(report.id)) report.room_id = roomId;
        else if (report.room_id === roomId) report.room_id = null;
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchRadiators, (state, { radiators, simulated }) => {
      state.radiators = radiators;
      state.simulated = simulated;
    });
  },
});

export const { chooseRadiator, liveSnapshot, radiatorsReported, roomRadiatorsSet } =
  radiatorsSlice.actions;

/** Online as the server counts it: reported as online within the last five minutes. */
function isOnline(report: LiveRadiator) {
  return report.online === 1 && Date.now() - Date.parse(report.last_seen) < 5 * 60_000;
}

/** A radiator with what it most recently reported, live or loaded. */
export function withLive(radiator: Radiator, live: Record<number, LiveRadiator>): Radiator {
  const report = live[radiator.id];
  if (!report) return radiator;
  const online = isOnline(report);
  return {
    ...radiator,
    current_temperature: report.current_temperature,
    power_w: report.power_w,
    heating: online ? report.heating : 0,
    online: online ? 1 : 0,
    last_seen: report.last_seen,
  };
}

/**
 * How many radiators the live stream last heard as online and heating, or null before it has
 * heard any.
 */
export function fleetLive(live: Record<number, LiveRadiator>) {
  const reports = Object.values(live);
  if (reports.length === 0) return null;
  const online = reports.filter(isOnline);
  return { online: online.length, heating: online.filter((r) => r.heating === 1).length };
}

/**
 * The radiators of some rooms as the live stream last heard them: the mean temperature of those
 * online (null with none online), how many that is, and whether any of them heats; null before
 * the stream has heard any of them.
 */
export function roomsLive(roomIds: readonly number[], live: Record<number, LiveRadiator>) {
  const reports = Object.values(live).filter(
    (report) => report.room_id !== null && roomIds.includes(report.room_id),
  );
  if (reports.length === 0) return null;
  const online = reports.filter(isOnline);
  const sum = online.reduce((total, report) => total + report.current_temperature, 0);
  return {
    current_temperature: online.length === 0 ? null : sum / online.length,
    online: online.length,
    heating: online.some((report) => report.heating === 1) ? 1 : 0,
  };
}

/** One room's radiators as the live stream last heard them; see {@link roomsLive}. */
export function roomLive(roomId: number, live: Record<number, LiveRadiator>) {
  return roomsLive([roomId], live);
}

/** Some rooms' radiators as the live stream last heard them (see {@link roomsLive}). */
export type GroupLive = ReturnType<typeof roomsLive>;

/**
 * A room's or zone's heating chip: from the live stream where it has heard the radiators
 * (`live`, from {@link roomsLive}), else as the list was loaded.
 */
export function groupChip(group: GroupState & { radiator_count: number }, live: GroupLive) {
  const online = live ? live.online > 0 : group.current_temperature !== null;
  return {
    heating: live ? live.heating : group.heating,
    online: online ? 1 : 0,
    on: group.status,
    radiators: group.radiator_count,
    reported: live !== null || group.reported === 1,
  };
}
