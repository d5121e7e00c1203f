import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, useForm } from '../../components/form';
import { useAction, type Answer } from '../../lib/useAction';
import type { RadiatorPayload } from './types';

interface Values extends Record<string, string> {
  uid: string;
  name: string;
  min_temperature: string;
  max_temperature: string;
}

/** 5–30 °C in steps of 0.5, as the server requires. */
function temperatureError(value: string) {
  const number = Number(value);
  if (!value.trim() || Number.isNaN(number)) return 'validation.required';
  if (number < 5 || number > 30 || (number * 2) % 1 !== 0) return 'validation.temperature';
  return undefined;
}

function check(values: Values, withUid: boolean) {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (withUid && !/^[A-Za-z0-9:_-]{1,64}$/.test(values.uid.trim())) errors.uid = 'validation.uid';
  if (!values.name.trim()) errors.name = 'validation.required';
  else if (values.name.trim().length > 60) errors.name = 'validation.nameTooLong';
  errors.min_temperature = temperatureError(values.min_temperature);
  errors.max_temperature = temperatureError(values.max_temperature);
  if (
    !errors.min_temperature &&
    !errors.max_temperature &&
    Number(values.min_temperature) >= Number(values.max_temperature)
  ) {
    errors.max_temperature = 'validation.maxAboveMin';
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Partial<
    Record<keyof Values, string>
  >;
}

/**
 * Registers or attaches a radiator (with its uid), or edits one's name and bounds: `save` sends
 * it, `onSaved` takes the server's answer before the dialog closes.
 */
export function RadiatorDialog<R extends Answer>({
  open,
  title,
  submit,
  initial,
  withUid,
  save,
  onSaved,
  onClose,
}: {
  open: boolean;
  title: string;
  submit: string;
  initial?: { name: string; min_temperature: number; max_temperature: number };
  withUid: boolean;
  save: (payload: RadiatorPayload & { uid: string }) => Promise<R>;
  onSaved?: (answer: R) => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { run, busy } = useAction();
  const form = useForm<Values>(
    {
      uid: '',
      name: initial?.name ?? '',
      min_temperature: String(initial?.min_temperature ?? 7),
      max_temperature: String(initial?.max_temperature ?? 26),
    },
    (values) => check(values, withUid),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const payload = {
      uid: form.values.uid.trim(),
      name: form.values.name.trim(),
      min_temperature: Number(form.values.min_temperature),
      max_temperature: Number(form.values.max_temperature),
    };
    await run(() => save(payload), {
      onSuccess: async (answer) => {
        await onSaved?.(answer);
        onClose();
      },
      onError: (failure) => form.showServerErrors(failure.errors),
    });
  };

  const number = { htmlInput: { step: 0.5, min: 5, max: 30, inputMode: 'decimal' as const } };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          {withUid && (
            <FormField
              name="uid"
              label={t('radiators.uid')}
              value={form.values.uid}
              onChange={form.onChange}
              error={form.errors.uid}
              helperText={t('radiators.uidHelp')}
              required
              autoFocus
            />
          )}
          <FormField
            name="name"
            label={t('radiators.name')}
            value={form.values.name}
            onChange={form.onChange}
            error={form.errors.name}
            required
            autoFocus={!withUid}
          />
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField
                name="min_temperature"
                type="number"
                label={t('radiators.min')}
                value={form.values.min_temperature}
                onChange={form.onChange}
                error={form.errors.min_temperature}
                slotProps={number}
                required
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField
                name="max_temperature"
                type="number"
                label={t('radiators.max')}
                value={form.values.max_temperature}
                onChange={form.onChange}
                error={form.errors.max_temperature}
                slotProps={number}
                required
              />
            </Grid>
          </Grid>
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
