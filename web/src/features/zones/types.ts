import type { Room } from '../rooms';

export interface Zone {
  id: number;
  name: string;
  room_count: number;
  radiator_count: number;
  status: number;
  current_temperature: number | null;
  target_temperature: number | null;
  heating: number;
  /** 1 once any of its radiators has reported. */
  reported: number;
}

export interface ZoneDetail extends Zone {
  rooms: Room[];
}
