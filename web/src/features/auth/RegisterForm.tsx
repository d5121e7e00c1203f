import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
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
import {
  emptyProfile,
  ProfileFields,
  profilePayload,
  validateProfile,
  type ProfileValues,
} from './ProfileFields';
import { register } from './slice';
import { email, password } from './validation';

interface RegisterValues extends ProfileValues {
  email: string;
  password: string;
  confirm_password: string;
}

function validateRegistration(values: RegisterValues) {
  const errors = validateProfile(values, { email, password });
  if (!errors.password && values.confirm_password !== values.password) {
    errors.confirm_password = 'validation.passwordMatch';
  }
  return errors;
}

export function RegisterForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run } = useAction();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const form = useForm<RegisterValues>(
    { ...emptyProfile, email: '', password: '', confirm_password: '' },
    validateRegistration,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const { values } = form;
    const payload = {
      ...profilePayload(values),
      email: values.email.trim(),
      password: values.password,
      is_business: 1 as const,
    };
    await run(() => dispatch(register(payload)).unwrap(), {
      toast: ({ description }) => description,
      onSuccess: () => navigate(paths.login),
      onError: (failure) => form.showServerErrors(failure.errors),
    });
  };

  return (
    <AuthCard title={t('auth.registerTitle')} intro={t('auth.registerIntro')} wide>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <ProfileFields
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          onSameAddress={(same) =>
            form.setValues((current) => ({ ...current, is_same_address: same ? '1' : '0' }))
          }
          emailField={
            <FormField
              name="email"
              type="email"
              label={t('fields.email')}
              value={form.values.email}
              onChange={form.onChange}
              error={form.errors.email}
              autoComplete="email"
              required
            />
          }
        />
        <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
          {t('auth.sectionPassword')}
        </Typography>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              name="password"
              type="password"
              label={t('fields.password')}
              value={form.values.password}
              onChange={form.onChange}
              error={form.errors.password}
              autoComplete="new-password"
              required
              helperText={t('validation.passwordLength')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
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
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
          {t('auth.agree')}{' '}
          <Link component={RouterLink} to={paths.terms}>
            {t('legal.terms')}
          </Link>{' '}
          {t('common.and')}{' '}
          <Link component={RouterLink} to={paths.privacy}>
            {t('legal.privacy')}
          </Link>
          .
        </Typography>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
          {t('auth.registerSubmit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.login}>
          {t('auth.signIn')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
