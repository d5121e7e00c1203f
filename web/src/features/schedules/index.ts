export { schedulesApi } from './api';
export {
  chooseSchedule,
  chooseScheduleFor,
  fetchSchedule,
  fetchScheduleDurations,
  fetchSchedules,
  scheduleChanged,
  scheduleSlice,
} from './slice';
export type {
  ClosedDays,
  Duration,
  InForce,
  Schedule,
  ScheduleFor,
  SchedulePayload,
  Slot,
} from './types';
export {
  RadiatorScheduleInForce,
  revisionOf,
  SchedulesInForce,
  ZoneSchedulesInForce,
} from './InForce';
export { EditSchedule, NewSchedule, UpdateSchedule } from './ScheduleEditors';
export { SchedulesList } from './SchedulesList';
export { slotRange } from './slots';
