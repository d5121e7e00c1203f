export { radiatorsSlice } from './slice';
