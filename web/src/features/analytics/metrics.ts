import { formatKg, formatKwh, formatPence } from '../../lib/units';
import type { Bucket, EnergyHistory, Figures, Span } from './types';

/** What a chart shows: energy, its cost or its CO2. */
export type Metric = keyof Figures;

export const METRICS: Metric[] = ['kwh', 'cost_pence', 'co2_kg'];

/** The value plotted: pence are plotted as pounds. */
export const plotted = (figures: Figures, metric: Metric) =>
  metric === 'cost_pence' ? figures.cost_pence / 100 : figures[metric];

/** Whether a bucket is still to come at `now`: it has no figures yet, not figures of 0. */
export const toCome = (bucket: { start: string }, now: number) => Date.parse(bucket.start) > now;

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

/** The local wall clock in the period before at the point `now` has reached in this one. */
function samePoint(history: EnergyHistory, now: number) {
  const running = history.buckets.findLast((bucket) => !toCome(bucket, now));
  // The business's offset now is that of the bucket now is in.
  const offset = running ? wall(running.start) - Date.parse(running.start) : 0;
  const start = new Date(wall(history.previous.start));
  if (history.type === 'day' || history.type === 'week') {
    return start.getTime() + (now + offset - wall(history.start));
  }
  const at = new Date(now + offset);
  const { month, day, time } = place(history.type, at.toISOString());
  // A day past the end of a shorter month rolls into the next: past the period, counted in full.
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + month, day) + time;
}

/**
 * The period before's figures to the point this period has reached by the local clock: its
 * buckets before that point in full and the one it falls in, in the share of it that has
 * passed. What a period still running is fairly set against.
 */
export function previousSoFar(history: EnergyHistory, now: number): Figures {
  const sums: Figures = { kwh: 0, cost_pence: 0, co2_kg: 0 };
  const point = samePoint(history, now);
  const { buckets, end } = history.previous;
  buckets.forEach((before, index) => {
    const length = Date.parse(buckets[index + 1]?.start ?? end) - Date.parse(before.start);
    const share = Math.min(1, Math.max(0, (point - wall(before.start)) / length));
    for (const metric of METRICS) sums[metric] += before[metric] * share;
  });
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { kwh: round(sums.kwh), cost_pence: round(sums.cost_pence), co2_kg: round(sums.co2_kg) };
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
