import { tableFigures, formatKg, formatKwh, formatPence } from '../../lib/units';
import { niceTicks } from '../../lib/ticks';
import type { Bucket, Co2Saving, EnergyHistory, Figures, PeriodFigures, Span } from './types';

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

/** Tells a figure in a table. */
export type ColumnFormat = (figures: Figures, metric: Metric) => string;

/** A table's figures over `rows`: each unit's to the decimals of its largest (`tableFigures`),
 *  pence always to the penny. */
export function metricColumns(rows: Figures[]): ColumnFormat {
  const kwh = tableFigures(
    rows.map((figures) => figures.kwh),
    'kWh',
  );
  const co2 = tableFigures(
    rows.map((figures) => figures.co2_kg),
    'kg',
  );
  return (figures, metric) =>
    metric === 'cost_pence'
      ? formatPence(figures.cost_pence)
      : (metric === 'kwh' ? kwh : co2)(figures[metric]);
}

/**
 * A saving's baseline and actual CO2 in the buckets of the energy history `along` (a week's or a
 * month's days, a year's months: each day's figures summed into its month); a bucket with no day
 * of the saving (still to come) has none.
 */
export function co2InBuckets(saving: Co2Saving, along: EnergyHistory) {
  const key = (date: string) => (along.type === 'year' ? date.slice(0, 7) : date.slice(0, 10));
  const sums = new Map<string, { baseline: number; actual: number }>();
  for (const day of saving.days) {
    const sum = sums.get(key(day.date)) ?? { baseline: 0, actual: 0 };
    sum.baseline += day.baseline_kg;
    sum.actual += day.actual_kg;
    sums.set(key(day.date), sum);
  }
  const kg = (value: number | undefined) =>
    value === undefined ? null : Math.round(value * 1000) / 1000;
  return along.buckets.map(({ start }) => {
    const sum = sums.get(key(start));
    return { start, baseline: kg(sum?.baseline), actual: kg(sum?.actual) };
  });
}

/** A value axis's ticks from 0 past `max` (see {@link niceTicks}); 0 to 1 with nothing above 0. */
export function valueTicks(max: number, most = 5): number[] {
  return max > 0 ? niceTicks(0, max, most) : [0, 1];
}
