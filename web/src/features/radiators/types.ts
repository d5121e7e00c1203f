/** A radiator as the server shows it, with the state it last reported. */
export interface Radiator {
  id: number;
  uid: string;
  name: string;
  room_id: number | null;
  room_name: string | null;
  min_temperature: number;
  max_temperature: number;
  target_temperature: number;
  status: number;
  current_temperature: number | null;
  power_w: number | null;
  heating: number;
  online: number;
  last_seen: string | null;
}

/** What a group of radiators (a room, a zone) shows, summed up from its radiators. */
export interface GroupState {
  /** 1 when any of its radiators is on. */
  status: number;
  /** How many of its radiators are on. */
  radiators_on: number;
  /** The average its online radiators report. */
  current_temperature: number | null;
  /** The average target of its radiators that are on. */
  target_temperature: number | null;
  /** The lowest and highest of those targets. */
  lowest_target: number | null;
  highest_target: number | null;
  /** The target every one of its radiators has, on or off; null where they differ. */
  shared_target: number | null;
  /** 1 while any of its radiators is heating. */
  heating: number;
  /** 1 once any of its radiators has reported. */
  reported: number;
}

/** The reported state the live stream pushes. */
export interface LiveRadiator {
  id: number;
  room_id: number | null;
  current_temperature: number;
  power_w: number;
  heating: number;
  online: number;
  last_seen: string;
}

export interface Reading {
  at: string;
  temperature: number;
  setpoint: number;
  power_w: number;
  energy_wh: number;
}

export interface RadiatorPayload {
  uid?: string;
  /** The code on a real radiator's label, needed to add it; simulated radiators have none. */
  claim_code?: string;
  name: string;
  min_temperature: number;
  max_temperature: number;
  room_id?: number | null;
}

/** A radiator that could not take its room's or zone's temperature and got its nearest bound. */
export interface Clamped {
  radiator_id: number;
  name: string;
  target_temperature: number;
}
