import type { GroupState } from '../radiators';
import type { Room } from '../rooms';

export interface Zone extends GroupState {
  id: number;
  name: string;
  room_count: number;
  radiator_count: number;
}

export interface ZoneDetail extends Zone {
  rooms: Room[];
}
