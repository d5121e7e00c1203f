import { authClient, searchParams, type Envelope } from '../../lib/http';
import type { Clamped, RadiatorPayload } from '../radiators';
import type { Room, RoomDetail } from './types';

export const roomsApi = {
  list: (search = '') =>
    authClient.get<Envelope<{ rooms: Room[] }>>('/v2/rooms', { params: searchParams(search) }),
  /** The room with exactly this name: resolves `/rooms/{roomName}` after a reload. */
  byName: (name: string) =>
    authClient.get<Envelope<{ rooms: Room[] }>>('/v2/rooms', { params: { name } }),
  get: (id: number) => authClient.get<Envelope<{ room: RoomDetail }>>(`/v2/rooms/${id}`),
  create: (name: string) => authClient.post<Envelope<{ room: RoomDetail }>>('/v2/rooms', { name }),
  rename: (id: number, name: string) =>
    authClient.post<Envelope<{ room: RoomDetail }>>(`/v2/rooms/${id}`, { name }),
  remove: (id: number) => authClient.delete<Envelope<object>>(`/v2/rooms/${id}`),
  toggle: (id: number, on: boolean) =>
    authClient.put<Envelope<{ room: RoomDetail }>>(`/v2/rooms/toggle-status/${id}`, {
      status: on ? 1 : 0,
    }),
  setTemperature: (room_id: number, temperature: number) =>
    authClient.post<Envelope<{ room: RoomDetail; clamped: Clamped[] }>>(
      '/v2/rooms/set-temperature',
      { room_id, temperature },
    ),
  attach: (id: number, radiator: RadiatorPayload & { uid: string }) =>
    authClient.post<Envelope<{ room: RoomDetail }>>(`/v2/rooms/${id}/radiators`, radiator),
  detach: (id: number, radiatorId: number) =>
    authClient.delete<Envelope<{ room: RoomDetail }>>(`/v2/rooms/${id}/radiators/${radiatorId}`),
};
