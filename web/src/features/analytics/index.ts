export {
  analyticsSlice,
  fetchCo2Saving,
  fetchEnergyHistory,
  fetchRoomsUsage,
  fetchZonesUsage,
  selectRange,
  selectSpan,
  selectVisualisation,
  type AnalyticsState,
  type SelectedAnalytics,
} from './slice';
export { analyticsApi } from './api';
export type { Co2Saving, DateRange, EnergyHistory, Figures, PlaceUsage, Span } from './types';
export { isVisId, visualisationPath, VISUALISATIONS, type VisId } from './visualisations';
export { AnalyticsList } from './AnalyticsList';
export { AnalyticsView } from './AnalyticsView';
// The home screen's widgets and /home/compare-co2 show these too.
export { Co2Chart, EnergyChart, MeterChart } from './LazyCharts';
export { SavingFigures, SavingTotals } from './Co2SavingView';
export { dayLabel, methodText } from './labels';
export { savingState } from './saving';
