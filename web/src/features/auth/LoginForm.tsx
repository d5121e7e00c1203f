import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AuthCard } from '../../components/AuthCard';
import { FormField, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { login } from './slice';
import { email, required, validate } from './validation';

export function LoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run } = useAction();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const form = useForm({ email: '', password: '' }, (values) =>
    validate(values, { email, password: required }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    await run(() => dispatch(login(form.values)).unwrap(), {
      onSuccess: () => navigate(paths.home),
      onError: (failure) => form.showServerErrors(failure.errors),
    });
  };

  return (
    <AuthCard title={t('auth.loginTitle')} intro={t('app.tagline')}>
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
        <FormField
          name="password"
          type="password"
          label={t('fields.password')}
          value={form.values.password}
          onChange={form.onChange}
          error={form.errors.password}
          autoComplete="current-password"
          required
        />
        <Box sx={{ textAlign: 'end', mb: 2 }}>
          <Link component={RouterLink} to={paths.forgotPassword}>
            {t('auth.forgotLink')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
          {t('auth.loginSubmit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.noAccount')}{' '}
        <Link component={RouterLink} to={paths.register}>
          {t('auth.createAccount')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
