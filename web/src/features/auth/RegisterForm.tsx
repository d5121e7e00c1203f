import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AuthCard, AuthCardLink } from '../../components/AuthCard';
import { Form, SubmitButton, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import {
  emptyProfile,
  ProfileFields,
  profilePayload,
  validateProfile,
  type ProfileValues,
} from './ProfileFields';
import { EmailField, NewPasswordFields } from './AccountFields';
import { register } from './slice';
import { checkConfirmation, email, password } from './validation';

interface RegisterValues extends ProfileValues {
  email: string;
  password: string;
  confirm_password: string;
}

function validateRegistration(values: RegisterValues) {
  return checkConfirmation(values, validateProfile(values, { email, password }), 'password');
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

  const send = (values: RegisterValues) => {
    const payload = {
      ...profilePayload(values),
      email: values.email.trim(),
      password: values.password,
      is_business: 1 as const,
    };
    return run(() => dispatch(register(payload)).unwrap(), {
      toast: ({ description, confirmationSent }) =>
        confirmationSent ? description : { message: description, variant: 'warning' },
      // The sign-in page starts with the address just registered.
      onSuccess: () => navigate(paths.login, { state: { email: payload.email } }),
      onError: form.showServerErrors,
    });
  };

  return (
    <AuthCard title={t('auth.registerTitle')} intro={t('auth.registerIntro')} wide>
      <Form onSubmit={form.onSubmit(send)}>
        <ProfileFields form={form} emailField={<EmailField form={form} />} />
        <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
          {t('auth.sectionPassword')}
        </Typography>
        <NewPasswordFields form={form} name="password" label="fields.password" sideBySide />
        <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
          {/* One sentence, so each language joins its links its own way. */}
          <Trans
            i18nKey="auth.agree"
            components={{
              terms: <Link component={RouterLink} to={paths.terms} />,
              privacy: <Link component={RouterLink} to={paths.privacy} />,
            }}
          />
        </Typography>
        <SubmitButton busy={isLoading} size="large" fullWidth>
          {t('auth.registerSubmit')}
        </SubmitButton>
      </Form>
      {/* An address already registered ("Sign in instead.") signs in from here, already typed. */}
      <AuthCardLink
        text={t('auth.haveAccount')}
        link={t('auth.signIn')}
        to={paths.login}
        state={{ email: form.values.email.trim() }}
      />
    </AuthCard>
  );
}
