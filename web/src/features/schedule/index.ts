export { scheduleSlice } from './slice';
