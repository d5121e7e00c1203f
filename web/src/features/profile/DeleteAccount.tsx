import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form';
import { Heading } from '../../components/Heading';
import { useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { authApi, useEndSession } from '../auth';
import { DownloadPayments } from '../subscriptions';

/**
 * Deletes the account and the business's data, after asking, with the password given again: a
 * session left open must not be a way to erase a business.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const { run, busy } = useAction();
  const userId = useAppSelector((state) => state.auth.user?.id);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (userId === undefined) return;
    if (!password) return setError('validation.required');
    void run(() => authApi.deleteAccount(userId, password), {
      onSuccess: endSession,
      // Told under the field alone, not in a toast as well.
      onError: ({ description, errors }) => {
        setError(errors.password?.[0] ?? description);
        return true;
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderColor: 'secondary.main' }}>
      <Heading variant="h2" title={t('profile.deleteTitle')} intro={t('profile.deleteIntro')} />
      <Button variant="outlined" color="secondary" onClick={() => setOpen(true)}>
        {t('profile.deleteButton')}
      </Button>
      <FormDialog
        open={open}
        title={t('profile.deleteConfirmTitle')}
        submit={t('profile.confirmDelete')}
        busy={busy}
        maxWidth="sm"
        destructive
        onSubmit={onSubmit}
        onClose={close}
      >
        <DialogContentText>{t('profile.deleteConfirmText')}</DialogContentText>
        <DialogContentText sx={{ mt: 2, mb: 1 }}>{t('profile.keepPayments')}</DialogContentText>
        <DownloadPayments />
        <FormField
          name="password"
          type="password"
          label={t('profile.passwordAgain')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
          error={error}
          required
          autoFocus
          fullWidth
          margin="normal"
        />
      </FormDialog>
    </Paper>
  );
}
