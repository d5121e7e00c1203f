export { dashboardSlice } from './slice';
