import { authClient, type Envelope } from '../../lib/http';
import type { Co2Saving, DateRange, EnergyHistory, PlaceUsage, Span } from './types';

const BASE = '/v2/analytics/commercial/web';

/** Where each visualisation's data is, as JSON or (`format=csv`) as a CSV file. */
export const endpoints = {
  'energy-history': `${BASE}/energy-history-graph`,
  'co2-savings': `${BASE}/co2_saving`,
  'rooms-usage': `${BASE}/rooms-radiator-usage`,
  'zones-usage': `${BASE}/zone-radiator-usage`,
} as const;

export const analyticsApi = {
  energyHistory: (type: Span) =>
    authClient.get<Envelope<{ energy_history: EnergyHistory }>>(endpoints['energy-history'], {
      params: { type },
    }),
  co2Saving: (range: DateRange) =>
    authClient.get<Envelope<{ co2_saving: Co2Saving }>>(endpoints['co2-savings'], {
      params: range,
    }),
  roomsUsage: (range: DateRange) =>
    authClient.get<Envelope<{ rooms: PlaceUsage[] }>>(endpoints['rooms-usage'], { params: range }),
  zonesUsage: (range: DateRange) =>
    authClient.get<Envelope<{ zones: PlaceUsage[] }>>(endpoints['zones-usage'], { params: range }),
};
