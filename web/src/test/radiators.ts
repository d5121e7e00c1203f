import type { Radiator } from '../features/radiators';

/** A radiator as the server sends it: on at 21 °C in the Kitchen (room 1), online and idle. */
export const eastWall: Radiator = {
  id: 7,
  uid: 'HD-0007',
  name: 'East wall',
  room_id: 1,
  room_name: 'Kitchen',
  min_temperature: 7,
  max_temperature: 26,
  target_temperature: 21,
  status: 1,
  current_temperature: 20,
  power_w: 0,
  heating: 0,
  online: 1,
  last_seen: '2026-11-25T08:00:00Z',
};
