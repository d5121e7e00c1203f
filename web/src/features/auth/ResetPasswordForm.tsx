import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Form, SubmitButton, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { describeError } from '../../lib/http';
import { useAction } from '../../lib/useAction';
import { NewPasswordFields } from './AccountFields';
import { authApi } from './api';
import { checkConfirmation, password, validate } from './validation';

export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Why the link cannot be used (used, expired, not a link of ours), once the server said so.
  const [refused, setRefused] = useState<string | null>(null);
  // A link that cannot be used is said so when the page opens, before a password is typed.
  useEffect(() => {
    if (!token) return;
    authApi.checkResetLink(token).catch((failure: unknown) => {
      const linkRefused = describeError(failure).errors.token?.[0];
      if (linkRefused) setRefused(linkRefused);
      else console.error('reset link check failed', failure);
    });
  }, [token]);
  const form = useForm({ password: '', confirm_password: '' }, (values) =>
    checkConfirmation(values, validate(values, { password }), 'password'),
  );

  const send = (values: { password: string }) =>
    run(() => authApi.resetPassword(token, values.password), {
      onSuccess: () => navigate(paths.login),
      // A used or expired link is told in the page, with the way to a new one.
      onError: (failure) => {
        const linkRefused = failure.errors.token?.[0];
        if (!linkRefused) return form.showServerErrors(failure);
        setRefused(linkRefused);
        return true;
      },
    });
  const usable = token && !refused;

  return (
    <AuthCard title={t('auth.resetTitle')}>
      {refused && (
        <Alert severity="warning" role="alert">
          {refused}
        </Alert>
      )}
      {usable ? (
        <Form onSubmit={form.onSubmit(send)}>
          <NewPasswordFields form={form} name="password" label="fields.newPassword" autoFocus />
          <SubmitButton busy={busy} size="large" fullWidth sx={{ mt: 2 }}>
            {t('auth.resetSubmit')}
          </SubmitButton>
        </Form>
      ) : (
        !refused && <Alert severity="warning">{t('auth.resetMissingToken')}</Alert>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={usable ? paths.login : paths.forgotPassword}>
          {usable ? t('auth.backToLogin') : t('auth.forgotSubmit')}
        </Link>
      </Box>
    </AuthCard>
  );
}
