import { authClient, type Envelope } from '../../lib/http';
import type { Co2Saving } from '../analytics';
import type { Insight, Tip } from './types';

export const insightsApi = {
  insights: () => authClient.get<Envelope<{ insights: Insight[] }>>('/v2/insights'),
  refresh: () => authClient.post<Envelope<{ insights: Insight[] }>>('/v2/insights/refresh', {}),
  /** Without dates the server answers this month so far, in the business's time zone. */
  co2ThisMonth: () =>
    authClient.get<Envelope<{ co2_saving: Co2Saving }>>('/v2/analytics/commercial/web/co2_saving'),
  /** The tips in the app's language (the server writes them in English and Arabic). */
  tips: () => authClient.get<Envelope<{ energy_savings_tips: Tip[] }>>('/v2/energy-saving-tips'),
};
