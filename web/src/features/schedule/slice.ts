import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';

// The schedule area of spec §3; its calls and screens arrive with the issue that builds them.
export interface ScheduleState {
  isLoading: boolean;
  schedules: unknown[];
  scheduleDurations: unknown[];
  schedule: unknown;
  scheduleFor: string | null;
}

const initialState: ScheduleState = {
  isLoading: false,
  schedules: [],
  scheduleDurations: [],
  schedule: null,
  scheduleFor: null,
};

export const scheduleSlice = createSlice({
  name: 'schedule',
  initialState,
  reducers: {
    reset: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});
