export { notificationsApi } from './api';
export { fetchNotifications, notificationsChanged, notificationsSlice } from './slice';
export type { Notification, NotificationsData } from './types';
export { LatestNotifications } from './LatestNotifications';
export { NotificationSettings } from './NotificationSettings';
export { NotificationsBell } from './NotificationsBell';
