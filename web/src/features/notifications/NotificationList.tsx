import DoneIcon from '@mui/icons-material/Done';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { notificationText } from './text';
import type { Notification } from './types';

/** Notifications, newest first: unread ones in bold with a button that marks them read. */
export function NotificationList({
  notifications,
  onRead,
  busy = false,
}: {
  notifications: Notification[];
  onRead: (id: number) => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (notifications.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('notifications.empty')}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={t('notifications.title')}>
      {notifications.map((notification) => {
        const unread = notification.read === 0;
        const { title, body } = notificationText(notification, t);
        return (
          <ListItem
            key={notification.id}
            divider
            data-testid={`notification-${notification.id}`}
            secondaryAction={
              unread && (
                <IconButton
                  edge="end"
                  disabled={busy}
                  aria-label={t('notifications.markRead', { title })}
                  onClick={() => onRead(notification.id)}
                >
                  <DoneIcon />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={
                unread ? (
                  <>
                    <strong>{title}</strong>{' '}
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ color: 'primary.main', fontWeight: 700 }}
                    >
                      {t('notifications.unread')}
                    </Typography>
                  </>
                ) : (
                  title
                )
              }
              secondary={
                <>
                  {body}
                  <br />
                  {formatDateTime(notification.created_at, i18n.language)}
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
