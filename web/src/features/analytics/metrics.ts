import { formatKg, formatKwh, formatPence } from '../../lib/units';
import type { Bucket, EnergyHistory, Figures, PeriodFigures, Span } from './types';

/** What a chart shows: energy, its cost or its CO2. */
export type Metric = keyof Figures;

export const METRICS: Metric[] = ['kwh', 'cost_pence', 'co2_kg'];

/** The value plotted: pence are plotted as pounds. */
export const plotted = (figures: Figures, metric: Metric) =>
  metric === 'cost_pence' ? figures.cost_pence / 100 : figures[metric];

/**
 * Whether the period's bucket `index` has no figures (not figures of 0): it is still to come at
 * `now`, or it ended before the business began.
 */
export function withoutFigures(
  history: PeriodFigures & { began: string },
  index: number,
  now: number,
) {
  const start = history.buckets[index]?.start ?? history.end;
  const end = history.buckets[index + 1]?.start ?? history.end;
  return Date.parse(start) > now || Date.parse(end) <= Date.parse(history.began);
}

/** An ISO 8601 moment's local wall clock (its offset dropped), in ms as if it were UTC. */
const wall = (iso: string) => Date.parse(`${iso.slice(0, 19)}Z`);

/**
 * Where a moment stands in a period of `span` by the local calendar: its time in a day, its
 * weekday and time in a week, its day and time in a month, its date and time in a year.
 */
function place(span: Span, iso: string) {
  const at = new Date(wall(iso));
  const time =
    at.getUTCHours() * 3_600_000 + at.getUTCMinutes() * 60_000 + at.getUTCSeconds() * 1000;
  const day = {
    day: 0,
    week: (at.getUTCDay() + 6) % 7,
    month: at.getUTCDate(),
    year: at.getUTCDate(),
  }[span];
  return { month: span === 'year' ? at.getUTCMonth() : 0, day, time };
}

/**
 * The period before's bucket that stands where `bucket` stands in this period: by the local
 * calendar, not by position, so a day of 23 or 25 hours still sets 03:00 against 03:00.
 */
export function counterpart(history: EnergyHistory, bucket: Bucket) {
  const key = JSON.stringify(place(history.type, bucket.start));
  return history.previous.buckets.find(
    (before) => JSON.stringify(place(history.type, before.start)) === key,
  );
}

/** A plotted value with its unit. */
export function formatPlotted(value: number, metric: Metric) {
  if (metric === 'cost_pence') return formatPence(value * 100);
  return metric === 'kwh' ? formatKwh(value) : formatKg(value);
}

/** A figure with its unit: kWh, £ or kg. */
export const formatFigure = (figures: Figures, metric: Metric) =>
  metric === 'cost_pence'
    ? formatPence(figures.cost_pence)
    : metric === 'kwh'
      ? formatKwh(figures.kwh)
      : formatKg(figures.co2_kg);
