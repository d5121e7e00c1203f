import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure, type LoadState } from '../../lib/thunk';
import { schedulesApi } from './api';
import type { Duration, Schedule, ScheduleFor } from './types';

/** Spec §3's `schedule` area. */
export interface ScheduleState extends LoadState {
  schedules: Schedule[];
  scheduleDurations: Duration[];
  /** The schedule chosen to update (`/schedules/update`). */
  schedule: Schedule | null;
  /** The kind of schedule the list shows and a new schedule starts with; null: every kind. */
  scheduleFor: ScheduleFor | null;
}

const initialState: ScheduleState = {
  isLoading: false,
  schedules: [],
  scheduleDurations: [],
  schedule: null,
  scheduleFor: null,
  error: null,
  missing: false,
};

export const fetchScheduleDurations = apiThunk(
  'schedule/fetchDurations',
  async (): Promise<Duration[]> => (await schedulesApi.durations()).data.data.durations,
  logLoadFailure('schedule durations'),
);

export const fetchSchedules = apiThunk(
  'schedule/fetch',
  async (search: string): Promise<Schedule[]> =>
    (await schedulesApi.list(search)).data.data.schedules,
  logLoadFailure('schedules'),
);

export const fetchSchedule = apiThunk(
  'schedule/fetchOne',
  async (id: number): Promise<Schedule> => (await schedulesApi.get(id)).data.data.schedule,
  logLoadFailure('schedule'),
);

export const scheduleSlice = createSlice({
  name: 'schedule',
  initialState,
  reducers: {
    /** The schedule to update, as fetched (spec §7: then the app goes to /schedules/update). */
    chooseSchedule: (state, action: PayloadAction<Schedule | null>) => {
      state.schedule = action.payload;
    },
    chooseScheduleFor: (state, action: PayloadAction<ScheduleFor | null>) => {
      state.scheduleFor = action.payload;
    },
    /** A schedule as a change answered it (a toggle), in the list and as the chosen one. */
    scheduleChanged: (state, action: PayloadAction<Schedule>) => {
      const changed = action.payload;
      state.schedules = state.schedules.map((schedule) =>
        schedule.id === changed.id ? changed : schedule,
      );
      if (state.schedule?.id === changed.id) state.schedule = changed;
    },
  },
  extraReducers: (builder) => {
    // Spec §4's reset: back to the start, the list emptied too.
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchScheduleDurations, (state, durations) => {
      state.scheduleDurations = durations;
    });
    addLoad(builder, fetchSchedules, (state, schedules) => {
      state.schedules = schedules;
    });
    addLoad(
      builder,
      fetchSchedule,
      (state, schedule) => {
        state.schedule = schedule;
      },
      (state) => {
        state.schedule = null;
      },
    );
  },
});

export const { chooseSchedule, chooseScheduleFor, scheduleChanged } = scheduleSlice.actions;
