import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchNotifications } from './slice';
import { NOTIFICATION_KINDS } from './types';
import { useNotificationActions } from './useNotifications';

/** The settings page's notifications tab: what HeatDesk notifies, and the switch. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const enabled = useAppSelector((state) => state.notifications.enabled);
  const { setEnabled, busy } = useNotificationActions();
  useEffect(() => void dispatch(fetchNotifications()), [dispatch]);
  return (
    <Stack spacing={1} sx={{ maxWidth: 640 }}>
      <FormControlLabel
        control={
          <Switch
            checked={enabled === 1}
            disabled={enabled === null || busy}
            onChange={(event) => void setEnabled(event.target.checked)}
          />
        }
        label={t('notifications.switch')}
      />
      <Typography>{t('notifications.settingsIntro')}</Typography>
      <Typography component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
        {NOTIFICATION_KINDS.map((event) => (
          <li key={event}>{t(`notifications.events.${event}`)}</li>
        ))}
      </Typography>
    </Stack>
  );
}
