import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { FormField, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { authApi } from './api';
import { password, validate } from './validation';

export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ password: '', confirm_password: '' }, (values) => {
    const errors = validate(values, { password });
    if (!errors.password && values.confirm_password !== values.password)
      errors.confirm_password = 'validation.passwordMatch';
    return errors;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    await run(() => authApi.resetPassword(token, form.values.password), {
      onSuccess: () => navigate(paths.login),
      onError: (failure) => form.showServerErrors(failure.errors),
      // A used or expired link says so better than the general description.
      errorText: (failure) => failure.errors.token?.[0] ?? failure.description,
    });
  };

  return (
    <AuthCard title={t('auth.resetTitle')}>
      {token ? (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            name="password"
            type="password"
            label={t('fields.newPassword')}
            value={form.values.password}
            onChange={form.onChange}
            error={form.errors.password}
            autoComplete="new-password"
            required
            autoFocus
            helperText={t('validation.passwordLength')}
          />
          <FormField
            name="confirm_password"
            type="password"
            label={t('fields.confirmPassword')}
            value={form.values.confirm_password}
            onChange={form.onChange}
            error={form.errors.confirm_password}
            autoComplete="new-password"
            required
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={busy}
            sx={{ mt: 2 }}
          >
            {t('auth.resetSubmit')}
          </Button>
        </Box>
      ) : (
        <Alert severity="warning">{t('auth.resetMissingToken')}</Alert>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={token ? paths.login : paths.forgotPassword}>
          {token ? t('auth.backToLogin') : t('auth.forgotSubmit')}
        </Link>
      </Box>
    </AuthCard>
  );
}
