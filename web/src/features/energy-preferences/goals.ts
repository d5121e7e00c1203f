import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useLoad } from '../../lib/useLoad';
import { fetchMe, type User } from '../auth';
import { dashboardApi } from '../dashboard';
import type { Goals } from './types';

/** The business's budget, CO2 goal and method, as `me` tells them. */
export function useGoals() {
  const user = useAppSelector((state) => state.auth.user) as (User & Goals) | null;
  return {
    budgetPence: user?.electricity_budget_pence ?? null,
    goalKg: user?.carbon_goal_kg ?? null,
    method: user?.carbon_method ?? 'profile',
  };
}

/** Reloads `me` when a preferences page opens, so its budget and goal are current. */
export function useFreshMe() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchMe());
  }, [dispatch]);
}

/**
 * The whole month's baseline at the rate of its days so far (`soFarKg` by `now`), or null in
 * its first tenth, too early to tell. A CO2 goal above it cannot be reached: not even every
 * radiator switched off saves more than the baseline.
 */
export function monthBaselineKg(soFarKg: number, now: Dayjs): number | null {
  const days = now.daysInMonth();
  const elapsed = (now.date() - 1 + (now.hour() * 60 + now.minute()) / 1440) / days;
  return elapsed < 0.1 ? null : soFarKg / elapsed;
}

const readDashboard = async () => (await dashboardApi.get()).data.data.dashboard;

/** This month's cost and CO2 figures of the dashboard; `reload` after a change to the budget. */
export function useDashboardFigures() {
  const { value: figures, error, retry: reload } = useLoad(readDashboard, 'dashboard figures');
  return { figures, error, reload };
}
