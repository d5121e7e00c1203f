import { formatKg, formatKwh, formatPence } from '../../lib/units';
import type { EnergyHistory, Figures } from './types';

/** What a chart shows: energy, its cost or its CO2. */
export type Metric = keyof Figures;

export const METRICS: Metric[] = ['kwh', 'cost_pence', 'co2_kg'];

/** The value plotted: pence are plotted as pounds. */
export const plotted = (figures: Figures, metric: Metric) =>
  metric === 'cost_pence' ? figures.cost_pence / 100 : figures[metric];

/**
 * The period before's figures to the point this period has reached, bucket for bucket: what a
 * period still running is fairly set against.
 */
export function previousSoFar(history: EnergyHistory, now: number): Figures {
  const begun = history.buckets.filter((bucket) => Date.parse(bucket.start) <= now).length;
  const sum = (metric: Metric) =>
    Math.round(
      history.previous.buckets
        .slice(0, begun)
        .reduce((total, bucket) => total + bucket[metric], 0) * 1000,
    ) / 1000;
  return { kwh: sum('kwh'), cost_pence: sum('cost_pence'), co2_kg: sum('co2_kg') };
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
