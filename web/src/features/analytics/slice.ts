import {
  createSlice,
  type ActionReducerMapBuilder,
  type Draft,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../lib/http';
import { sessionEnded } from '../../lib/session';
import { apiThunk, logLoadFailure, type ApiThunk } from '../../lib/thunk';
import { analyticsApi } from './api';
import { sameRange, thisMonth } from './ranges';
import type { Co2Saving, DateRange, EnergyHistory, PlaceUsage, Ranged, Span } from './types';
import { VISUALISATIONS, type RangedVisId, type VisId } from './visualisations';

/** What the user is looking at (spec §3: transient). */
export interface SelectedAnalytics {
  visId: VisId | null;
  /** The energy history's period. */
  span: Span;
  /** The days the CO2 savings and the room and zone usage cover. */
  range: DateRange;
}

/** Spec §3's `analytics` area. */
export interface AnalyticsState {
  /** The energy history of each period looked at. */
  energyUsage: Partial<Record<Span, EnergyHistory>>;
  co2Savings: Ranged<Co2Saving> | null;
  roomsRadiatorUsage: Ranged<PlaceUsage[]> | null;
  zonesRadiatorUsage: Ranged<PlaceUsage[]> | null;
  /** Each visualisation's load in flight. */
  isLoading: Record<VisId, boolean>;
  /** Why each visualisation's last load failed; shown inline with a retry. */
  error: Record<VisId, string | null>;
  /** A range the server refused, with its field errors, shown on the range's fields. */
  refusedRange: { range: DateRange; errors: Record<string, string[]> } | null;
  selectedAnalytics: SelectedAnalytics;
}

const each = <T>(value: T) =>
  Object.fromEntries(VISUALISATIONS.map((id) => [id, value])) as Record<VisId, T>;

function initialState(): AnalyticsState {
  return {
    energyUsage: {},
    co2Savings: null,
    roomsRadiatorUsage: null,
    zonesRadiatorUsage: null,
    isLoading: each(false),
    error: each(null),
    refusedRange: null,
    selectedAnalytics: { visId: null, span: 'week', range: thisMonth() },
  };
}

export const fetchEnergyHistory = apiThunk(
  'analytics/energyHistory',
  async (span: Span): Promise<EnergyHistory> =>
    (await analyticsApi.energyHistory(span)).data.data.energy_history,
  logLoadFailure('energy history'),
);

export const fetchCo2Saving = apiThunk(
  'analytics/co2Saving',
  async (range: DateRange): Promise<Co2Saving> =>
    (await analyticsApi.co2Saving(range)).data.data.co2_saving,
  logLoadFailure('CO2 savings'),
);

export const fetchRoomsUsage = apiThunk(
  'analytics/roomsUsage',
  async (range: DateRange): Promise<PlaceUsage[]> =>
    (await analyticsApi.roomsUsage(range)).data.data.rooms,
  logLoadFailure('room usage'),
);

export const fetchZonesUsage = apiThunk(
  'analytics/zonesUsage',
  async (range: DateRange): Promise<PlaceUsage[]> =>
    (await analyticsApi.zonesUsage(range)).data.data.zones,
  logLoadFailure('zone usage'),
);

function failed(state: Draft<AnalyticsState>, id: VisId, failure: ApiErrorBody | undefined) {
  state.isLoading[id] = false;
  state.error[id] = failure?.description ?? null;
}

/** A ranged load: its result is kept only for the range chosen now (a late answer is dropped). */
function addRanged<T>(
  builder: ActionReducerMapBuilder<AnalyticsState>,
  id: RangedVisId,
  thunk: ApiThunk<T, DateRange>,
  keep: (state: Draft<AnalyticsState>, ranged: Ranged<T>) => void,
) {
  builder
    .addCase(thunk.pending, (state) => {
      state.isLoading[id] = true;
      state.error[id] = null;
    })
    .addCase(thunk.fulfilled, (state, { payload, meta }) => {
      state.isLoading[id] = false;
      if (sameRange(meta.arg, state.selectedAnalytics.range)) {
        keep(state, { range: meta.arg, data: payload });
        state.refusedRange = null;
      }
    })
    .addCase(thunk.rejected, (state, { payload, meta }) => {
      failed(state, id, payload);
      const errors = payload?.errors ?? {};
      if (errors.start_date || errors.end_date) state.refusedRange = { range: meta.arg, errors };
    });
}

export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {
    selectVisualisation: (state, action: PayloadAction<VisId | null>) => {
      state.selectedAnalytics.visId = action.payload;
    },
    selectSpan: (state, action: PayloadAction<Span>) => {
      state.selectedAnalytics.span = action.payload;
    },
    selectRange: (state, action: PayloadAction<DateRange>) => {
      state.selectedAnalytics.range = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState())
      .addCase(fetchEnergyHistory.pending, (state) => {
        state.isLoading['energy-history'] = true;
        state.error['energy-history'] = null;
      })
      .addCase(fetchEnergyHistory.fulfilled, (state, { payload, meta }) => {
        state.isLoading['energy-history'] = false;
        state.energyUsage[meta.arg] = payload;
      })
      .addCase(fetchEnergyHistory.rejected, (state, { payload }) => {
        failed(state, 'energy-history', payload);
      });
    addRanged(builder, 'co2-savings', fetchCo2Saving, (state, ranged) => {
      state.co2Savings = ranged;
    });
    addRanged(builder, 'rooms-usage', fetchRoomsUsage, (state, ranged) => {
      state.roomsRadiatorUsage = ranged;
    });
    addRanged(builder, 'zones-usage', fetchZonesUsage, (state, ranged) => {
      state.zonesRadiatorUsage = ranged;
    });
  },
});

export const { selectVisualisation, selectSpan, selectRange } = analyticsSlice.actions;
