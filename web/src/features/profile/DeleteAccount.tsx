import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { endSession } from '../../lib/session';
import { paths } from '../../config/paths';
import { describeError } from '../../lib/http';
import { authApi } from '../auth';

/** Deletes the account and the business's data, after asking. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const userId = useAppSelector((state) => state.auth.user?.id);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (userId === undefined) return;
    setBusy(true);
    try {
      const { data } = await authApi.deleteAccount(userId);
      enqueueSnackbar(data.description, { variant: 'success' });
      await endSession({ dispatch });
      await navigate(paths.login, { replace: true });
    } catch (error) {
      enqueueSnackbar(describeError(error).description, { variant: 'error' });
      setBusy(false);
    }
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
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">{t('profile.deleteConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('profile.deleteConfirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            {t('profile.cancel')}
          </Button>
          <Button
            color="secondary"
            variant="contained"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('profile.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
