import dayjs from 'dayjs';
import { dateError, formatDate, type Dayjs } from '../../components/DateField';
import type { DateRange } from './types';

/** The longest range the server answers, in days (5 years, as `analytics/mod.rs` checks). */
export const MOST_DAYS = 5 * 366;

const FORMAT = 'YYYY-MM-DD';

/** This month so far: what the server answers without dates. */
export function thisMonth(today: Dayjs = dayjs()): DateRange {
  return { start_date: today.startOf('month').format(FORMAT), end_date: today.format(FORMAT) };
}

/** The Monday of `day`'s week: a business week starts on Monday (ISO 8601). */
const monday = (day: Dayjs) => day.subtract((day.day() + 6) % 7, 'day');

/** This week so far, from Monday. */
export function thisWeek(today: Dayjs = dayjs()): DateRange {
  return { start_date: monday(today).format(FORMAT), end_date: today.format(FORMAT) };
}

/** Last week, Monday to Sunday. */
export function lastWeek(today: Dayjs = dayjs()): DateRange {
  const start = monday(today).subtract(7, 'day');
  return { start_date: start.format(FORMAT), end_date: start.add(6, 'day').format(FORMAT) };
}

/** Last month, its first day to its last. */
export function lastMonth(today: Dayjs = dayjs()): DateRange {
  const month = today.subtract(1, 'month');
  return {
    start_date: month.startOf('month').format(FORMAT),
    end_date: month.endOf('month').format(FORMAT),
  };
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: Dayjs = dayjs()): DateRange {
  return {
    start_date: today.subtract(days - 1, 'day').format(FORMAT),
    end_date: today.format(FORMAT),
  };
}

/** This year so far. */
export function thisYear(today: Dayjs = dayjs()): DateRange {
  return { start_date: today.startOf('year').format(FORMAT), end_date: today.format(FORMAT) };
}

export const sameRange = (a: DateRange, b: DateRange) =>
  a.start_date === b.start_date && a.end_date === b.end_date;

/**
 * What is wrong with a range, by field, as text keys: the server's own rules, and no day after
 * `today` (nothing is known of it yet; the CO2 savings refuse it).
 */
export function rangeErrors(start: Dayjs | null, end: Dayjs | null, today: Dayjs = dayjs()) {
  const errors: Partial<Record<keyof DateRange, string>> = {};
  const startError = start ? dateError(start) : 'validation.required';
  const endError = end ? dateError(end) : 'validation.required';
  if (startError) errors.start_date = startError;
  if (endError) errors.end_date = endError;
  if (start && end && !startError && !endError) {
    if (end.isBefore(start, 'day')) errors.end_date = 'analytics.range.endBeforeStart';
    else if (end.isAfter(today, 'day')) errors.end_date = 'analytics.range.afterToday';
    else if (end.diff(start, 'day') > MOST_DAYS) errors.end_date = 'analytics.range.tooLong';
  }
  return errors;
}

/** A valid range as the API takes it. */
export function toRange(start: Dayjs, end: Dayjs): DateRange {
  return { start_date: formatDate(start) ?? '', end_date: formatDate(end) ?? '' };
}

/** The range a link names (`?start_date=2026-11-01&end_date=2026-11-07`, as an insight's), or
 *  null when it names none or one the server would refuse. */
export function linkedRange(params: URLSearchParams): DateRange | null {
  const day = (key: keyof DateRange) => {
    const text = params.get(key) ?? '';
    const parsed = dayjs(text);
    return /^\d{4}-\d{2}-\d{2}$/.test(text) && parsed.format(FORMAT) === text ? parsed : null;
  };
  const [start, end] = [day('start_date'), day('end_date')];
  if (!start || !end || Object.keys(rangeErrors(start, end)).length > 0) return null;
  return toRange(start, end);
}
