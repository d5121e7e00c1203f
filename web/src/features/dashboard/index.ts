import { lazyPage } from '../../components/lazyPage';

export { dashboardApi } from './api';
export { dashboardSlice, fetchComparison, fetchDashboard } from './slice';
export type { Dashboard } from './types';

// The store imports this index, so what it imports statically loads with the first screen: the
// screens (react-grid-layout, the charts) load with their pages instead.
export const HomeDashboard = lazyPage(() => import('./Dashboard'));
export const CompareCo2 = lazyPage(() => import('./CompareCo2'));
