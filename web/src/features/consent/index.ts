export { consentSlice } from './slice';
