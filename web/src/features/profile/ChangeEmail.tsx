import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormField, useForm } from '../../components/form';
import { useAction } from '../../lib/useAction';
import { authApi, CurrentPasswordField, EmailField, required, validate, email } from '../auth';

const empty = { email: '', password: '' };

/**
 * The account's email, and the way to change it: with the password given again, a link goes to
 * the new address and the email changes when it is opened. What was sent stays said here, as a
 * toast would be gone before the mail arrives.
 */
export function ChangeEmail({ current }: { current: string }) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm(empty, (values) => validate(values, { email, password: required }));

  const close = () => {
    setOpen(false);
    form.setValue('email', '');
    form.setValue('password', '');
  };

  const send = (values: typeof empty) =>
    run(() => authApi.changeEmail(values.email.trim(), values.password), {
      toast: () => null,
      onSuccess: ({ data }) => {
        setSent(data.description);
        close();
      },
      onError: form.showServerErrors,
    });

  return (
    <>
      <FormField
        name="current_email"
        type="email"
        label={t('fields.email')}
        value={current}
        disabled
      />
      <Button size="small" sx={{ mt: 0.5 }} onClick={() => setOpen(true)}>
        {t('profile.changeEmail')}
      </Button>
      {sent && (
        <Alert severity="info" role="status" sx={{ mt: 1 }} onClose={() => setSent(null)}>
          {sent}
        </Alert>
      )}
      <FormDialog
        open={open}
        title={t('profile.changeEmailTitle')}
        submit={t('profile.sendLink')}
        busy={busy}
        maxWidth="sm"
        onSubmit={form.onSubmit(send)}
        onClose={close}
      >
        <DialogContentText>{t('profile.changeEmailText')}</DialogContentText>
        <EmailField form={form} label="profile.newEmail" autoFocus />
        <CurrentPasswordField form={form} name="password" label="profile.passwordAgain" />
      </FormDialog>
    </>
  );
}
