import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/ListStates';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { NotificationList } from './NotificationList';
import { fetchNotifications } from './slice';
import { useNotificationActions } from './useNotifications';

/** The latest few notifications, for the home screen. */
export function LatestNotifications({ count = 5 }: { count?: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { notifications, error } = useAppSelector((state) => state.notifications);
  const { markRead, busy } = useNotificationActions();
  useEffect(() => void dispatch(fetchNotifications()), [dispatch]);
  if (error && notifications.length === 0)
    return <LoadError message={error} onRetry={() => void dispatch(fetchNotifications())} />;
  // In line with the widget's other content, not padded like the notifications page's list.
  if (notifications.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('notifications.empty')}
      </Typography>
    );
  return (
    <NotificationList
      notifications={notifications.slice(0, count)}
      busy={busy}
      onRead={(id) => void markRead(id)}
    />
  );
}
