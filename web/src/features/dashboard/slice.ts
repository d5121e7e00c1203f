import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session';
import { addLoad, apiThunk, logLoadFailure } from '../../lib/thunk';
import { analyticsApi, type Co2Saving, type EnergyHistory, type Span } from '../analytics';
import { dashboardApi } from './api';
import type { Dashboard } from './types';

export interface Comparison {
  history: EnergyHistory;
  /** The CO2 saving over the same period's days so far. */
  saving: Co2Saving;
}

export interface DashboardState {
  isLoading: boolean;
  error: string | null;
  dashboardData: Dashboard | null;
  /** This week's and last week's energy, day by day, for the home screen's chart. */
  week: EnergyHistory | null;
  /** The period compared on /home/compare-co2. */
  comparison: Comparison | null;
}

const initialState: DashboardState = {
  isLoading: false,
  error: null,
  dashboardData: null,
  week: null,
  comparison: null,
};

/** Today's date where `iso` was written (the business's offset), as `YYYY-MM-DD`. */
export function todayAt(iso: string, now = Date.now()): string {
  const zone = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  const offset = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) : 0;
  return new Date(now + offset * 60_000).toISOString().slice(0, 10);
}

export const fetchDashboard = apiThunk(
  'dashboard/fetch',
  async () => {
    const [dashboard, week] = await Promise.all([
      dashboardApi.get(),
      analyticsApi.energyHistory('week'),
    ]);
    return { dashboard: dashboard.data.data.dashboard, week: week.data.data.energy_history };
  },
  logLoadFailure('dashboard'),
);

/** The period of `span` containing today against the one before, and its days' CO2 saving. */
export const fetchComparison = apiThunk(
  'dashboard/compare',
  async (span: Span): Promise<Comparison> => {
    const history = (await analyticsApi.energyHistory(span)).data.data.energy_history;
    const start_date = history.start.slice(0, 10);
    const today = todayAt(history.start);
    const end_date = today < start_date ? start_date : today;
    const saving = (await analyticsApi.co2Saving({ start_date, end_date })).data.data.co2_saving;
    return { history, saving };
  },
  logLoadFailure('CO2 comparison'),
);

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
    addLoad(builder, fetchDashboard, (state, { dashboard, week }) => {
      state.dashboardData = dashboard;
      state.week = week;
    });
    addLoad(builder, fetchComparison, (state, comparison) => {
      state.comparison = comparison;
    });
  },
});
