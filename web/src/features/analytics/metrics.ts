import { formatKg, formatKwh, formatPence } from '../../lib/units';
import type { EnergyHistory, Figures } from './types';

/** What a chart shows: energy, its cost or its CO2. */
export type Metric = keyof Figures;

export const METRICS: Metric[] = ['kwh', 'cost_pence', 'co2_kg'];

/** The value plotted: pence are plotted as pounds. */
export const plotted = (figures: Figures, metric: Metric) =>
  metric === 'cost_pence' ? figures.cost_pence / 100 : figures[metric];

/** Whether a bucket is still to come at `now`: it has no figures yet, not figures of 0. */
export const toCome = (bucket: { start: string }, now: number) => Date.parse(bucket.start) > now;

/**
 * The period before's figures to the point this period has reached, bucket for bucket: the
 * counterparts of the buckets that are over in full, and the running one's in the share of it
 * that has passed. What a period still running is fairly set against.
 */
export function previousSoFar(history: EnergyHistory, now: number): Figures {
  const sums: Figures = { kwh: 0, cost_pence: 0, co2_kg: 0 };
  history.buckets.forEach((bucket, index) => {
    const before = history.previous.buckets[index];
    if (!before || toCome(bucket, now)) return;
    const start = Date.parse(bucket.start);
    const end = Date.parse(history.buckets[index + 1]?.start ?? history.end);
    const share = end > start ? Math.min(1, (now - start) / (end - start)) : 1;
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
