import type { TFunction } from 'i18next';
import { formatKg, formatPence, formatShare } from '../../lib/units';
import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from './types';

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** A notification's title and body in the reader's language, from its kind and figures; the
 *  server's English words for a kind this app does not know. */
export function notificationText(notification: Notification, t: TFunction) {
  const { kind, params } = notification;
  if (!isKind(kind)) return { title: notification.title, body: notification.body };
  const number = (key: string) => Number(params[key] ?? 0);
  const values = {
    cost: formatPence(number('cost_pence')),
    budget: formatPence(number('budget_pence')),
    forecast: formatPence(number('forecast_pence')),
    saved: formatKg(number('saved_kg')),
    goal: formatKg(number('goal_kg')),
    name: String(params.name ?? ''),
    // Whole percent down, as the server titles it: 99.6% is not yet all of the budget.
    share: formatShare(Math.floor((number('cost_pence') * 100) / number('budget_pence')) / 100),
  };
  return {
    title: t(`notifications.kinds.${kind}.title`, values),
    body: t(`notifications.kinds.${kind}.body`, values),
  };
}
