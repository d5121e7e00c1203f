/** The kinds of notification the server makes (notifications/domain.rs), each worded here. */
export const NOTIFICATION_KINDS = [
  'budget_forecast',
  'budget_80',
  'budget_100',
  'cf_goal',
  'radiator_offline',
  'radiator_online',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification (server: notifications/domain.rs `NotificationView`). */
export interface Notification {
  id: number;
  /** `budget_forecast`, `budget_80`, `budget_100`, `cf_goal`, `radiator_offline`, `radiator_online`. */
  kind: string;
  /** In English; `notificationText` words `kind` with `params` in the reader's language. */
  title: string;
  body: string;
  /** The figures and names the text is made from (see `notificationText`). */
  params: Record<string, string | number>;
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
