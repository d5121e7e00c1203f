import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Form, SubmitButton, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { EmailField } from './AccountFields';
import { authApi } from './api';
import { email, validate } from './validation';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [sent, setSent] = useState<string | null>(null);
  // The address typed on the sign-in page, if any.
  const typed = (useLocation().state as { email?: string } | null)?.email ?? '';
  const form = useForm({ email: typed }, (values) => validate(values, { email }));

  const send = (values: { email: string }) =>
    run(() => authApi.forgotPassword(values.email.trim()), {
      // The answer stays on the page instead of a toast.
      toast: () => null,
      onSuccess: ({ data }) => setSent(data.description),
      onError: form.showServerErrors,
    });

  return (
    <AuthCard title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')}>
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Form onSubmit={form.onSubmit(send)}>
          <EmailField form={form} autoFocus />
          <SubmitButton busy={busy} size="large" fullWidth sx={{ mt: 2 }}>
            {t('auth.forgotSubmit')}
          </SubmitButton>
        </Form>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login}>
          {t('auth.backToLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}
