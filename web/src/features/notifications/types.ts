/** A notification (server: notifications/domain.rs `NotificationView`). */
export interface Notification {
  id: number;
  /** `budget_forecast`, `budget_80`, `budget_100`, `cf_goal`, `radiator_offline`, `radiator_online`. */
  kind: string;
  title: string;
  body: string;
  /** ISO 8601, UTC. */
  created_at: string;
  read: number;
}

/** What every notifications call answers: the latest 50, newest first, and the counts. */
export interface NotificationsData {
  notifications: Notification[];
  unread: number;
  /** 1 while the account wants notifications. */
  enabled: number;
}
