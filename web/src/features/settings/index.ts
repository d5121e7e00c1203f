export { settingsSlice } from './slice';
