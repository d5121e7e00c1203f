import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector, type RootState } from '../../lib/hooks';
import { fetchCo2Saving, fetchEnergyHistory, fetchRoomsUsage, fetchZonesUsage } from './slice';
import type { Co2Saving, DateRange, PlaceUsage, Ranged } from './types';
import type { RangedVisId } from './visualisations';

/** The energy history of the chosen period, loaded whenever the period changes. */
export function useEnergyHistory() {
  const dispatch = useAppDispatch();
  const span = useAppSelector((state) => state.analytics.selectedAnalytics.span);
  const history = useAppSelector((state) => state.analytics.energyUsage[span] ?? null);
  const loading = useAppSelector((state) => state.analytics.isLoading['energy-history']);
  const error = useAppSelector((state) => state.analytics.error['energy-history']);
  const retry = useCallback(() => void dispatch(fetchEnergyHistory(span)), [dispatch, span]);
  useEffect(retry, [retry]);
  return { span, history, loading, error, retry };
}

interface RangedData {
  'co2-savings': Co2Saving;
  'rooms-usage': PlaceUsage[];
  'zones-usage': PlaceUsage[];
}

type Load = (range: DateRange) => ThunkAction<unknown, RootState, unknown, UnknownAction>;

/** Each ranged visualisation's load, and where its data is kept. */
type Key = 'co2Savings' | 'roomsRadiatorUsage' | 'zonesRadiatorUsage';

const loads: Record<RangedVisId, { thunk: Load; key: Key }> = {
  'co2-savings': { thunk: fetchCo2Saving, key: 'co2Savings' },
  'rooms-usage': { thunk: fetchRoomsUsage, key: 'roomsRadiatorUsage' },
  'zones-usage': { thunk: fetchZonesUsage, key: 'zonesRadiatorUsage' },
};

/** A ranged visualisation's data, loaded whenever the chosen range changes. */
export function useRanged<Id extends RangedVisId>(id: Id) {
  const dispatch = useAppDispatch();
  const { thunk, key } = loads[id];
  const range = useAppSelector((state) => state.analytics.selectedAnalytics.range);
  const ranged = useAppSelector((state) => state.analytics[key]) as unknown as Ranged<
    RangedData[Id]
  > | null;
  const loading = useAppSelector((state) => state.analytics.isLoading[id]);
  const error = useAppSelector((state) => state.analytics.error[id]);
  const retry = useCallback(() => void dispatch(thunk(range)), [dispatch, thunk, range]);
  useEffect(retry, [retry]);
  return { range, ranged, loading, error, retry };
}
