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

const readDashboard = async () => (await dashboardApi.get()).data.data.dashboard;

/** This month's cost and CO2 figures of the dashboard; `reload` after a change to the budget. */
export function useDashboardFigures() {
  const { value: figures, error, retry: reload } = useLoad(readDashboard, 'dashboard figures');
  return { figures, error, reload };
}
