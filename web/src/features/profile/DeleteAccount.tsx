import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Heading } from '../../components/Heading';
import { useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { authApi, useEndSession } from '../auth';

/** Deletes the account and the business's data, after asking. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const { run, busy } = useAction();
  const userId = useAppSelector((state) => state.auth.user?.id);
  const [open, setOpen] = useState(false);

  const remove = async () => {
    if (userId === undefined) return;
    await run(() => authApi.deleteAccount(userId), {
      onSuccess: endSession,
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderColor: 'secondary.main' }}>
      <Heading variant="h2" title={t('profile.deleteTitle')} intro={t('profile.deleteIntro')} />
      <Button variant="outlined" color="secondary" onClick={() => setOpen(true)}>
        {t('profile.deleteButton')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('profile.deleteConfirmTitle')}
        text={t('profile.deleteConfirmText')}
        confirm={t('profile.confirmDelete')}
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={() => void remove()}
      />
    </Paper>
  );
}
