import type { Radiator } from '../radiators';

export interface Room {
  id: number;
  name: string;
  zone_id: number | null;
  zone_name: string | null;
  radiator_count: number;
  status: number;
  current_temperature: number | null;
  target_temperature: number | null;
  heating: number;
}

export interface RoomDetail extends Room {
  radiators: Radiator[];
}
