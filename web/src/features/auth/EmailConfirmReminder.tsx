import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { authApi } from './api';
import { fetchMe } from './slice';

/**
 * Above the signed-in pages while the account's email is not confirmed: where the link went,
 * why it matters (notifications are mailed only once it is), and a way to have it sent again.
 * The account is read again when the window comes back into focus, as the link is opened in
 * another tab or on another device.
 */
export function EmailConfirmReminder() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const user = useAppSelector((state) => state.auth.user);
  const unconfirmed = user?.email_confirmed === 0;
  useEffect(() => {
    if (!unconfirmed) return;
    const refresh = () => void dispatch(fetchMe());
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [unconfirmed, dispatch]);
  if (!user || !unconfirmed) return null;
  const resend = () =>
    run(() => authApi.resendConfirmation(), {
      // Confirmed meanwhile (409): the account read again, the reminder goes.
      onError: ({ code }) => code === 409 && void dispatch(fetchMe()),
    });
  return (
    <Alert
      severity="info"
      data-testid="email-unconfirmed"
      sx={{ mb: 2, displayPrint: 'none' }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={busy}
          onClick={() => void resend()}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('auth.resendConfirmation')}
        </Button>
      }
    >
      {t('auth.confirmReminder', { email: ltr(user.email) })}
    </Alert>
  );
}
