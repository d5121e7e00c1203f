import { useCallback, useEffect, useState } from 'react';
import { describeError } from '../../lib/http';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchMe, type User } from '../auth';
import { dashboardApi } from '../dashboard';
import type { DashboardFigures, Goals } from './types';

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

/** This month's cost and CO2 figures of the dashboard; `reload` after a change to the budget. */
export function useDashboardFigures() {
  const [figures, setFigures] = useState<DashboardFigures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    dashboardApi.get().then(
      ({ data }) => {
        if (!current) return;
        setFigures(data.data.dashboard);
        setError(null);
      },
      (failure: unknown) => {
        console.error('dashboard figures failed to load', failure);
        if (current) setError(describeError(failure).description);
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { figures, error, reload };
}
