import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Form, SubmitButton } from '../../components/form';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { getToken } from '../../lib/session';
import { useAction } from '../../lib/useAction';
import { authApi } from './api';
import { fetchMe } from './slice';

/**
 * `/confirm-email?token=…`, opened from the link mailed at sign-up or to a new address: one click
 * makes it the account's confirmed email. A click, not on opening, so that a mail scanner
 * fetching the link changes nothing; signed in or not, as the link may be opened on another
 * device.
 */
export function ConfirmEmailForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const token = useSearchParams()[0].get('token') ?? '';
  const signedIn = useAppSelector((state) => state.auth.isAuthenticated) && Boolean(getToken());
  // What the server said once it answered: the change made, or why it cannot be.
  const [outcome, setOutcome] = useState<{ done: boolean; text: string } | null>(null);

  const confirm = () =>
    run(() => authApi.confirmEmail(token), {
      toast: () => null,
      onSuccess: async ({ data }) => {
        setOutcome({ done: true, text: data.description });
        if (signedIn) await dispatch(fetchMe());
      },
      onError: ({ errors }) => {
        const refusal = errors.token?.[0] ?? errors.email?.[0];
        if (refusal) setOutcome({ done: false, text: refusal });
        return Boolean(refusal);
      },
    });

  return (
    // The instruction goes once the server has answered: the result is what is left to read.
    <AuthCard
      title={t('auth.confirmEmailTitle')}
      intro={token && !outcome ? t('auth.confirmEmailIntro') : ''}
    >
      {outcome ? (
        <Alert severity={outcome.done ? 'success' : 'warning'} role="alert">
          {outcome.text}
        </Alert>
      ) : token ? (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <SubmitButton busy={busy} size="large" fullWidth>
            {t('auth.confirmEmailSubmit')}
          </SubmitButton>
        </Form>
      ) : (
        <Alert severity="warning">{t('auth.confirmEmailMissing')}</Alert>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={signedIn ? paths.profile : paths.login}>
          {signedIn ? t('auth.toProfile') : t('auth.backToLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}
