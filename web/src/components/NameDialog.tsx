import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction, type Answer } from '../lib/useAction';
import { FormField } from './form';

/**
 * Asks for a name (1–60 characters) and sends it with `save`; `onSaved` takes the server's
 * answer before the dialog closes, and a refusal shows under the field.
 */
export function NameDialog<R extends Answer>({
  open,
  title,
  label,
  initial = '',
  submit,
  save,
  onSaved,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  submit: string;
  save: (name: string) => Promise<R>;
  onSaved?: (answer: R) => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { run, busy } = useAction();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('validation.required');
    if (trimmed.length > 60) return setError('validation.nameTooLong');
    await run(() => save(trimmed), {
      onSuccess: async (answer) => {
        await onSaved?.(answer);
        onClose();
      },
      onError: ({ description, errors }) => setError(errors.name?.[0] ?? description),
    });
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
