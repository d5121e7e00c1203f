import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../lib/hooks';
import { endSession } from '../../lib/session';
import { useAction } from '../../lib/useAction';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { paths } from '../../config/paths';
import { authApi } from './api';
import { NewPasswordFields } from './NewPasswordFields';
import { checkConfirmation, password, required, validate } from './validation';

/** Changing the password ends every session, so this one ends too and the user signs in again. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const form = useForm({ old_password: '', new_password: '', confirm_password: '' }, (values) =>
    checkConfirmation(
      values,
      validate(values, { old_password: required, new_password: password }),
      'new_password',
    ),
  );

  const send = (values: { old_password: string; new_password: string }) =>
    run(() => authApi.changePassword(values.old_password, values.new_password), {
      onSuccess: async () => {
        await endSession({ dispatch });
        await navigate(paths.login, { replace: true });
      },
      onError: form.showServerErrors,
    });

  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('auth.changeTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('auth.changeIntro')}
        </Typography>
        <Form onSubmit={form.onSubmit(send)}>
          <FormField
            {...form.field('old_password')}
            type="password"
            label={t('fields.oldPassword')}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields form={form} name="new_password" label="fields.newPassword" />
          <SubmitButton busy={busy} sx={{ mt: 2 }}>
            {t('auth.changeSubmit')}
          </SubmitButton>
        </Form>
      </Paper>
    </>
  );
}
