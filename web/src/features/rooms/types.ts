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
  /** 1 once any of its radiators has reported. */
  reported: number;
}

export interface RoomDetail extends Room {
  radiators: Radiator[];
}
