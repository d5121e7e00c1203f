import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { FormField, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { authApi } from './api';
import { email, validate } from './validation';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ email: '' }, (values) => validate(values, { email }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    await run(() => authApi.forgotPassword(form.values.email.trim()), {
      // The answer stays on the page instead of a toast.
      toast: () => null,
      onSuccess: ({ data }) => setSent(data.description),
      onError: (failure) => form.showServerErrors(failure.errors),
    });
  };

  return (
    <AuthCard title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')}>
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            name="email"
            type="email"
            label={t('fields.email')}
            value={form.values.email}
            onChange={form.onChange}
            error={form.errors.email}
            autoComplete="email"
            required
            autoFocus
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={busy}
            sx={{ mt: 2 }}
          >
            {t('auth.forgotSubmit')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login}>
          {t('auth.backToLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}
