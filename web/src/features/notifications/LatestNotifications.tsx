import { useEffect } from 'react';
import { LoadError } from '../../components/ListStates';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { NotificationList } from './NotificationList';
import { fetchNotifications } from './slice';
import { useNotificationActions } from './useNotifications';

/** The latest few notifications, for the home screen. */
export function LatestNotifications({ count = 5 }: { count?: number }) {
  const dispatch = useAppDispatch();
  const { notifications, error } = useAppSelector((state) => state.notifications);
  const { markRead, busy } = useNotificationActions();
  useEffect(() => void dispatch(fetchNotifications()), [dispatch]);
  if (error && notifications.length === 0)
    return <LoadError message={error} onRetry={() => void dispatch(fetchNotifications())} />;
  return (
    <NotificationList
      notifications={notifications.slice(0, count)}
      busy={busy}
      onRead={(id) => void markRead(id)}
    />
  );
}
