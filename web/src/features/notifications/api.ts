import { authClient, type Envelope } from '../../lib/http';
import type { NotificationsData } from './types';

export const notificationsApi = {
  list: () => authClient.get<Envelope<NotificationsData>>('/v2/notifications'),
  /** Notifications on or off for the account. */
  switch: (on: boolean) =>
    authClient.put<Envelope<NotificationsData>>(`/v2/notifications/${on ? 1 : 0}`),
  /** Marks one notification read, or all of them. */
  read: (id: number | 'all') =>
    authClient.put<Envelope<NotificationsData>>(`/v2/notifications/read/${id}`),
};
