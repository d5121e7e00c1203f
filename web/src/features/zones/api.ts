import { authClient, searchParams, type Envelope } from '../../lib/http';
import type { Clamped } from '../radiators';
import type { Zone, ZoneDetail } from './types';

export const zonesApi = {
  list: (search = '') =>
    authClient.get<Envelope<{ zones: Zone[] }>>('/v2/zones', { params: searchParams(search) }),
  get: (id: number) => authClient.get<Envelope<{ zone: ZoneDetail }>>(`/v2/zones/${id}`),
  create: (name: string) => authClient.post<Envelope<{ zone: ZoneDetail }>>('/v2/zones', { name }),
  rename: (id: number, name: string) =>
    authClient.post<Envelope<{ zone: ZoneDetail }>>(`/v2/zones/${id}`, { name }),
  remove: (id: number) => authClient.delete<Envelope<object>>(`/v2/zones/${id}`),
  addRoom: (id: number, roomId: number) =>
    authClient.post<Envelope<{ zone: ZoneDetail }>>(`/v2/zones/${id}/room/${roomId}`),
  removeRoom: (id: number, roomId: number) =>
    authClient.delete<Envelope<{ zone: ZoneDetail }>>(`/v2/zones/${id}/room/${roomId}`),
  /** Switches every radiator of the zone's rooms on or off. */
  toggle: (id: number, on: boolean) =>
    authClient.put<Envelope<{ zone: ZoneDetail }>>(`/v2/zones/toggle-status/${id}`, {
      status: on ? 1 : 0,
    }),
  setTemperature: (zone_id: number, temperature: number) =>
    authClient.post<Envelope<{ zone: ZoneDetail; clamped: Clamped[] }>>(
      '/v2/zones/set-temperature',
      {
        zone_id,
        temperature,
      },
    ),
};
