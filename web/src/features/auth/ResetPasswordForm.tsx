import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Form, SubmitButton, useForm } from '../../components/form';
import { paths } from '../../config/paths';
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
  const form = useForm({ password: '', confirm_password: '' }, (values) =>
    checkConfirmation(values, validate(values, { password }), 'password'),
  );

  const send = (values: { password: string }) =>
    run(() => authApi.resetPassword(token, values.password), {
      onSuccess: () => navigate(paths.login),
      onError: form.showServerErrors,
      // A used or expired link says so better than the general description.
      errorText: (failure) => failure.errors.token?.[0] ?? failure.description,
    });

  return (
    <AuthCard title={t('auth.resetTitle')}>
      {token ? (
        <Form onSubmit={form.onSubmit(send)}>
          <NewPasswordFields form={form} name="password" label="fields.newPassword" autoFocus />
          <SubmitButton busy={busy} size="large" fullWidth sx={{ mt: 2 }}>
            {t('auth.resetSubmit')}
          </SubmitButton>
        </Form>
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
