export { zonesSlice } from './slice';
