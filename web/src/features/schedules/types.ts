/** What a schedule heats. */
export type ScheduleFor = 'room' | 'zone' | 'radiator';

export type DurationKey = 'every_day' | 'weekdays' | 'weekends' | 'custom';

/** A day set a schedule can repeat on (`days` is empty for custom: the schedule names them). */
export interface Duration {
  key: DurationKey;
  name: string;
  /** ISO days, 1 = Monday. */
  days: number[];
}

/** A time slot of the day: "HH:MM" to "HH:MM" (up to "24:00"), at a setpoint in °C. */
export interface Slot {
  start: string;
  end: string;
  setpoint: number;
}

export interface Schedule {
  id: number;
  name: string;
  schedule_for: ScheduleFor;
  target_ids: number[];
  /** The targets that still exist, with their names. */
  targets: { id: number; name: string }[];
  duration: DurationKey;
  days: number[];
  slots: Slot[];
  /** The setpoint outside the slots; null: off. */
  setback: number | null;
  start_date: string | null;
  end_date: string | null;
  status: number;
  /** 1: its slots run on the business's closed days too (a server room); 0: it rests on them. */
  runs_on_closed_days: number;
  /** When the schedule next asks for something else: a setpoint, or off (null). */
  next_change: { at: string; setpoint: number | null } | null;
  /** Other schedules on, of its kind, whose slots meet its own on a target they share. */
  overlaps: string[];
  /** Schedules on for fewer radiators (a room's inside its zone, a radiator's inside its room)
   * whose slots meet its own on radiators they share: there, theirs hold. */
  outranked_by: string[];
  /** Moves on each time it is saved or switched: an edit sends the one it read (409 if stale). */
  revision: number;
}

/** What creating or replacing a schedule sends. */
export interface SchedulePayload {
  name: string;
  schedule_for: ScheduleFor;
  target_ids: number[];
  duration: DurationKey;
  /** For custom durations only. */
  days?: number[];
  slots: Slot[];
  setback: number | null;
  start_date: string | null;
  end_date: string | null;
  status: number;
  runs_on_closed_days: number;
  /** When replacing: the revision read, so that someone else's change since is not saved over. */
  revision?: number;
}

/** The schedule in force on a radiator. */
export interface InForce {
  radiator_id: number;
  schedule_id: number;
  schedule_name: string;
  /** What the radiator heats to now under the schedule, within its limits; null: off. */
  setpoint: number | null;
  /** What the schedule asks for when the radiator's limits keep it to `setpoint` instead. */
  asked: number | null;
  /** When it next asks for something else. */
  until: string;
  /** 1: someone changed the radiator since; the change holds until `until`. */
  manual: number;
  /** 1: optimum start heats early for the slot that begins at `until` (`setpoint` is its). */
  preheating: number;
  /** What holds the radiator from `until`; null: nothing, and it stays as it is. */
  then: { schedule_id: number; schedule_name: string; setpoint: number | null } | null;
}

/** Days the business is closed, from the first to the last (both included): every schedule runs
 *  as it does outside its slots then. */
export interface ClosedDays {
  id: number;
  name: string;
  first_date: string;
  last_date: string;
}

export interface ClosedDaysPayload {
  name: string;
  first_date: string;
  /** Null: the first day alone. */
  last_date: string | null;
}

/** The UK's three sets of bank holidays. */
export type HolidayRegion = 'england_and_wales' | 'scotland' | 'northern_ireland';

/** A bank holiday to come, as the usual rules fix it. */
export interface BankHoliday {
  /** Which: `christmas`, `good_friday`… (the app words it). */
  key: string;
  date: string;
  /** Another day off for one that fell on a weekend. */
  substitute: boolean;
}
