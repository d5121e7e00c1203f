import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/http';
import { FormField } from './form';

/** Asks for a name (1–60 characters), sends it with `save`, and shows the server's refusal. */
export function NameDialog({
  open,
  title,
  label,
  initial = '',
  submit,
  save,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  submit: string;
  save: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('validation.required');
    if (trimmed.length > 60) return setError('validation.nameTooLong');
    setBusy(true);
    try {
      await save(trimmed);
      onClose();
    } catch (failure) {
      const { description, errors } = describeError(failure);
      setError(errors.name?.[0] ?? description);
      enqueueSnackbar(description, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <FormField
            name="name"
            label={label}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            error={error}
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('profile.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
