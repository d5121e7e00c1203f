import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../lib/useAction';
import { Form, SubmitButton, useForm } from '../../components/form';
import { FormPage } from '../../components/FormPage';
import { CurrentPasswordField, NewPasswordFields } from './AccountFields';
import { authApi } from './api';
import { useEndSession } from './useLogout';
import { checkConfirmation, password, required, validate } from './validation';

/** Changing the password ends every session, so this one ends too and the user signs in again. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const endSession = useEndSession();
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
      onSuccess: endSession,
      onError: form.showServerErrors,
    });

  return (
    <FormPage title={t('auth.changeTitle')}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('auth.changeIntro')}
      </Typography>
      <Form onSubmit={form.onSubmit(send)}>
        <CurrentPasswordField form={form} name="old_password" label="fields.oldPassword" />
        <NewPasswordFields form={form} name="new_password" label="fields.newPassword" />
        <SubmitButton busy={busy} sx={{ mt: 2 }}>
          {t('auth.changeSubmit')}
        </SubmitButton>
      </Form>
    </FormPage>
  );
}
