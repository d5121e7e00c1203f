import { authClient, searchParams, type Envelope } from '../../lib/http';
import type { Radiator, RadiatorPayload, Reading } from './types';

export const radiatorsApi = {
  list: (search = '') =>
    authClient.get<Envelope<{ radiators: Radiator[]; simulated: boolean }>>('/v2/radiators', {
      params: searchParams(search),
    }),
  get: (id: number) => authClient.get<Envelope<{ radiator: Radiator }>>(`/v2/radiators/${id}`),
  readings: (id: number, hours = 24) =>
    authClient.get<Envelope<{ readings: Reading[] }>>(`/v2/radiators/${id}/readings`, {
      params: { hours },
    }),
  create: (payload: RadiatorPayload) =>
    authClient.post<Envelope<{ radiator: Radiator }>>('/v2/radiators', payload),
  update: (id: number, payload: RadiatorPayload) =>
    authClient.post<Envelope<{ radiator: Radiator }>>(`/v2/radiators/${id}`, payload),
  remove: (id: number) => authClient.delete<Envelope<object>>(`/v2/radiators/${id}`),
  setTemperature: (radiator_id: number, temperature: number) =>
    authClient.put<Envelope<{ radiator: Radiator }>>('/v2/radiators/set-temperature', {
      radiator_id,
      temperature,
    }),
  toggle: (roomId: number | null, radiatorId: number, on: boolean) =>
    authClient.put<Envelope<{ radiator: Radiator }>>(
      `/radiators/toggle-status/${roomId ?? 0}/${radiatorId}`,
      {
        status: on ? 1 : 0,
      },
    ),
};
