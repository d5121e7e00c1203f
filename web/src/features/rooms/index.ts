export { roomsSlice } from './slice';
