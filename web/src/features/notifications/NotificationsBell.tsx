import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../components/ListStates';
import { settingsPath } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { NotificationList } from './NotificationList';
import { fetchNotifications } from './slice';
import { useNotificationActions, useNotificationPolling } from './useNotifications';

/** The top bar's bell: the unread count, and the list with marking read; polls for new ones. */
export function NotificationsBell() {
  const { t } = useTranslation();
  useNotificationPolling();
  const dispatch = useAppDispatch();
  const { notifications, unread, enabled, error } = useAppSelector((state) => state.notifications);
  const { markRead, markAllRead, busy } = useNotificationActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = unread
    ? t('notifications.bellUnread', { count: unread })
    : t('notifications.title');
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* No hidden "0" when nothing is unread: it would be text the button's name lacks. */}
        <Badge
          badgeContent={unread || undefined}
          color="secondary"
          max={99}
          data-testid="unread-badge"
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'notifications-title',
            sx: { width: 380, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, gap: 1 }}
        >
          <Typography variant="h3" component="h2" id="notifications-title">
            {t('notifications.title')}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Button size="small" disabled={busy || unread === 0} onClick={() => void markAllRead()}>
              {t('notifications.markAllRead')}
            </Button>
            {/* Escape closes it too; this is the way a pointer or a screen reader sees. */}
            <IconButton
              size="small"
              aria-label={t('notifications.close')}
              onClick={() => setAnchor(null)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
        {enabled === 0 && (
          <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
            {t('notifications.off')}{' '}
            <Link
              component={RouterLink}
              to={settingsPath('notifications')}
              onClick={() => setAnchor(null)}
            >
              {t('notifications.turnOn')}
            </Link>
          </Alert>
        )}
        {/* Never read: "none yet" would not be true. Read before: kept while polls fail. */}
        {error && notifications.length === 0 ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <LoadError message={error} onRetry={() => void dispatch(fetchNotifications())} />
          </Box>
        ) : (
          <Box sx={{ maxHeight: '60vh', overflowY: 'auto' }}>
            <NotificationList
              notifications={notifications}
              busy={busy}
              onRead={(id) => void markRead(id)}
            />
          </Box>
        )}
      </Popover>
    </>
  );
}
