import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { endSession } from '../../lib/session';
import { useAction } from '../../lib/useAction';
import { authApi } from '../auth';

/** Deletes the account and the business's data, after asking. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const userId = useAppSelector((state) => state.auth.user?.id);
  const [open, setOpen] = useState(false);

  const remove = async () => {
    if (userId === undefined) return;
    await run(() => authApi.deleteAccount(userId), {
      onSuccess: async () => {
        await endSession({ dispatch });
        await navigate(paths.login, { replace: true });
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderColor: 'secondary.main' }}>
      <Typography variant="h2" gutterBottom>
        {t('profile.deleteTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.deleteIntro')}
      </Typography>
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
