import { dateError, formatDate, parseDate, type Dayjs } from '../../components/DateField';
import { setpointError } from '../../lib/temperature';
import { slotErrors, toEdited, toSlot, type EditedSlot } from './slots';
import type { DurationKey, Schedule, ScheduleFor, SchedulePayload } from './types';

/** What the schedule form edits (a type, not an interface: `useForm` indexes it). */
export type ScheduleValues = {
  name: string;
  schedule_for: ScheduleFor;
  target_ids: number[];
  duration: DurationKey;
  days: number[];
  slots: EditedSlot[];
  /** Off outside the slots (the API's `setback: null`). */
  setback_off: boolean;
  setback: string;
  start_date: Dayjs | null;
  end_date: Dayjs | null;
  status: boolean;
  /** Its slots run on the business's closed days too. */
  runs_on_closed_days: boolean;
};

export const SCHEDULE_KINDS: ScheduleFor[] = ['room', 'zone', 'radiator'];

/** A new schedule of `kind`, or `schedule` as it is. */
export function initialValues(schedule: Schedule | null, kind: ScheduleFor): ScheduleValues {
  if (!schedule)
    return {
      name: '',
      schedule_for: kind,
      target_ids: [],
      duration: 'weekdays',
      days: [],
      slots: [],
      setback_off: false,
      setback: '16',
      start_date: null,
      end_date: null,
      status: true,
      runs_on_closed_days: false,
    };
  return {
    name: schedule.name,
    schedule_for: schedule.schedule_for,
    // Only the targets that still exist: a deleted one cannot be sent back.
    target_ids: schedule.targets.map((target) => target.id),
    duration: schedule.duration,
    days: schedule.duration === 'custom' ? schedule.days : [],
    slots: schedule.slots.map(toEdited),
    setback_off: schedule.setback === null,
    setback: schedule.setback === null ? '16' : String(schedule.setback),
    start_date: parseDate(schedule.start_date),
    end_date: parseDate(schedule.end_date),
    status: schedule.status === 1,
    runs_on_closed_days: schedule.runs_on_closed_days === 1,
  };
}

/** The form's checks, keyed like the server's field errors; messages are text keys. */
export function validateSchedule(values: ScheduleValues): Record<string, string> {
  const errors: Record<string, string | undefined> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > 60) errors.name = 'validation.nameTooLong';
  if (values.target_ids.length === 0) errors.target_ids = 'schedules.errors.noTargets';
  if (values.duration === 'custom' && values.days.length === 0)
    errors.days = 'schedules.errors.noDays';
  Object.assign(errors, slotErrors(values.slots));
  if (!values.setback_off) errors.setback = setpointError(values.setback);
  errors.start_date = dateError(values.start_date);
  errors.end_date = dateError(values.end_date);
  const start = formatDate(values.start_date);
  const end = formatDate(values.end_date);
  if (!errors.start_date && !errors.end_date && start && end && end < start)
    errors.end_date = 'schedules.errors.endBeforeStart';
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** What the API takes to create or replace the schedule. */
export function toPayload(values: ScheduleValues): SchedulePayload {
  return {
    name: values.name.trim(),
    schedule_for: values.schedule_for,
    target_ids: values.target_ids,
    duration: values.duration,
    ...(values.duration === 'custom' ? { days: [...values.days].sort((a, b) => a - b) } : {}),
    slots: values.slots.map(toSlot),
    setback: values.setback_off ? null : Number(values.setback),
    start_date: formatDate(values.start_date),
    end_date: formatDate(values.end_date),
    status: values.status ? 1 : 0,
    runs_on_closed_days: values.runs_on_closed_days ? 1 : 0,
  };
}
