import type { Schedule } from '../features/schedules';

/** A schedule as the server sends it: on, heating two zones on weekdays in two slots with a
 *  setback between them, next changing to the setback at 18:00. */
export const officeHours: Schedule = {
  id: 1,
  name: 'Office hours',
  schedule_for: 'zone',
  target_ids: [1, 2],
  targets: [
    { id: 1, name: 'Ground floor' },
    { id: 2, name: 'First floor' },
  ],
  duration: 'weekdays',
  days: [1, 2, 3, 4, 5],
  slots: [
    { start: '07:30', end: '12:00', setpoint: 21 },
    { start: '13:00', end: '18:00', setpoint: 20.5 },
  ],
  setback: 16,
  start_date: null,
  end_date: null,
  status: 1,
  runs_on_closed_days: 0,
  next_change: { at: '2026-11-23T18:00:00+00:00', setpoint: 16 },
  overlaps: [],
  outranked_by: [],
  revision: 7,
};
