import { authClient, searchParams, type Envelope } from '../../lib/http';
import type {
  BankHoliday,
  ClosedDays,
  ClosedDaysPayload,
  Duration,
  HolidayRegion,
  InForce,
  Schedule,
  SchedulePayload,
} from './types';

export const schedulesApi = {
  durations: () => authClient.get<Envelope<{ durations: Duration[] }>>('/v2/schedules/durations'),
  list: (search = '') =>
    authClient.get<Envelope<{ schedules: Schedule[] }>>('/v2/schedules', {
      params: searchParams(search),
    }),
  get: (id: number) => authClient.get<Envelope<{ schedule: Schedule }>>(`/v2/schedules/${id}`),
  create: (payload: SchedulePayload) =>
    authClient.post<Envelope<{ schedule: Schedule }>>('/v2/schedules', payload),
  update: (id: number, payload: SchedulePayload) =>
    authClient.post<Envelope<{ schedule: Schedule }>>(`/v2/schedules/${id}`, payload),
  remove: (id: number) => authClient.delete<Envelope<object>>(`/v2/schedules/${id}`),
  toggle: (id: number, on: boolean) =>
    authClient.put<Envelope<{ schedule: Schedule }>>(
      `/v2/schedules/toggle-status/${id}/${on ? 1 : 0}`,
    ),
  inForce: () =>
    authClient.get<Envelope<{ in_force: InForce[]; closed_today: ClosedDays | null }>>(
      '/v2/schedules/in-force',
    ),
  closedDays: () =>
    authClient.get<Envelope<{ closed_days: ClosedDays[] }>>('/v2/schedules/closed-days'),
  closeDays: (payload: ClosedDaysPayload) =>
    authClient.post<Envelope<{ closed_days: ClosedDays }>>('/v2/schedules/closed-days', payload),
  bankHolidays: (region: HolidayRegion) =>
    authClient.get<Envelope<{ bank_holidays: BankHoliday[] }>>(
      '/v2/schedules/closed-days/bank-holidays',
      { params: { region } },
    ),
  reopenDays: (id: number) =>
    authClient.delete<Envelope<{ closed_days: ClosedDays }>>(`/v2/schedules/closed-days/${id}`),
};
