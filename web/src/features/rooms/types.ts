import type { GroupState, Radiator } from '../radiators';

export interface Room extends GroupState {
  id: number;
  name: string;
  zone_id: number | null;
  zone_name: string | null;
  radiator_count: number;
}

export interface RoomDetail extends Room {
  radiators: Radiator[];
}
