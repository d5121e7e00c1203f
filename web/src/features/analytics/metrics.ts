import { formatKg, formatKwh, formatPence } from '../../lib/units';
import type { Figures } from './types';

/** What a chart shows: energy, its cost or its CO2. */
export type Metric = keyof Figures;

export const METRICS: Metric[] = ['kwh', 'cost_pence', 'co2_kg'];

/** The value plotted: pence are plotted as pounds. */
export const plotted = (figures: Figures, metric: Metric) =>
  metric === 'cost_pence' ? figures.cost_pence / 100 : figures[metric];

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
