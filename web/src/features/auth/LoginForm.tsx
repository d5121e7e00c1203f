import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AuthCard, AuthCardLink } from '../../components/AuthCard';
import { Form, SubmitButton, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { CurrentPasswordField, EmailField } from './AccountFields';
import { login } from './slice';
import type { Credentials } from './types';
import { email, required, validate } from './validation';

export function LoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run } = useAction();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  // Straight after registering, the address just registered (and the password to type); after
  // a signed-in page sent here, that page, to go back to.
  const state = useLocation().state as { email?: string; from?: string } | null;
  const registered = state?.email ?? '';
  const form = useForm({ email: registered, password: '' }, (values) =>
    validate(values, { email, password: required }),
  );

  // A refusal stays above the form until the next try, not in a toast that goes by itself.
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = (values: Credentials) =>
    run(() => dispatch(login(values)).unwrap(), {
      onSuccess: () => navigate(state?.from ?? paths.home),
      onError: (failure) => {
        if (!form.showServerErrors(failure)) setRefusal(failure.description);
        return true;
      },
    });
  const submit = form.onSubmit(send);

  return (
    <AuthCard title={t('auth.loginTitle')} intro={t('app.tagline')}>
      <Form
        onSubmit={(event) => {
          setRefusal(null);
          submit(event);
        }}
      >
        {refusal && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {refusal}
          </Alert>
        )}
        <EmailField form={form} autoFocus={!registered} />
        <CurrentPasswordField
          form={form}
          name="password"
          label="fields.password"
          autoFocus={Boolean(registered)}
        />
        <Box sx={{ textAlign: 'end', mb: 2 }}>
          <Link
            component={RouterLink}
            to={paths.forgotPassword}
            state={{ email: form.values.email.trim() }}
          >
            {t('auth.forgotLink')}
          </Link>
        </Box>
        <SubmitButton busy={isLoading} size="large" fullWidth>
          {t('auth.loginSubmit')}
        </SubmitButton>
      </Form>
      <AuthCardLink text={t('auth.noAccount')} link={t('auth.createAccount')} to={paths.register} />
    </AuthCard>
  );
}
