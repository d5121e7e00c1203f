export { zonesApi } from './api';
export { fetchZone, fetchZones, zoneChanged, zonesSlice } from './slice';
export type { Zone, ZoneDetail as ZoneWithRooms } from './types';
export { ZoneDetail } from './ZoneDetail';
export { ZonesList } from './ZonesList';
