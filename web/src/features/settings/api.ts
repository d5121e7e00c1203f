import { authClient, type Envelope } from '../../lib/http';
import type { Automation, BusinessSettings, HistoryEntry, HistoryQuery, Parameters } from './types';

export interface HistoryPage {
  history: HistoryEntry[];
  page: number;
  per_page: number;
  total: number;
}

export const settingsApi = {
  history: ({ page, per_page, kind, by }: HistoryQuery) =>
    authClient.get<Envelope<HistoryPage>>('/v2/action-history', {
      params: { page, per_page, ...(kind ? { kind } : {}), ...(by ? { by } : {}) },
    }),
  automations: () =>
    authClient.get<Envelope<{ automations: Automation[] }>>('/v2/settings/automation'),
  setAutomation: (payload: { key: string; enabled: number; parameters: Parameters }) =>
    authClient.post<Envelope<{ automations: Automation[] }>>('/v2/settings/automation', payload),
  business: () =>
    authClient.get<Envelope<{ business_settings: BusinessSettings }>>('/v2/settings/business'),
  saveBusiness: (settings: BusinessSettings) =>
    authClient.put<Envelope<{ business_settings: BusinessSettings }>>(
      '/v2/settings/business',
      settings,
    ),
};
