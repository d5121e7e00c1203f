export { analyticsSlice } from './slice';
