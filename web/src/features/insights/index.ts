export { insightsApi } from './api';
export type { Insight, Tip } from './types';
export { InsightsList, LatestInsights } from './InsightsList';
export { ReduceCarbonFootprint } from './ReduceCarbonFootprint';
