import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { FormField, useForm } from '../../components/form';
import { FormDialog, savedThenClose, type DialogFrame } from '../../components/FormDialog';
import { useAppSelector } from '../../lib/hooks';
import { setpointError } from '../../lib/temperature';
import { useAction, type Answer } from '../../lib/useAction';
import type { RadiatorPayload } from './types';

interface Values extends Record<string, string> {
  uid: string;
  claim_code: string;
  name: string;
  /** A room's id, or '' for none. */
  room_id: string;
  min_temperature: string;
  max_temperature: string;
}

function check(values: Values, withUid: boolean) {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (withUid && !values.uid.trim()) errors.uid = 'validation.required';
  else if (withUid && !/^[A-Za-z0-9:_-]{1,64}$/.test(values.uid.trim()))
    errors.uid = 'validation.uid';
  if (values.claim_code.trim().length > 64) errors.claim_code = 'validation.claimCode';
  if (!values.name.trim()) errors.name = 'validation.required';
  else if (values.name.trim().length > 60) errors.name = 'validation.nameTooLong';
  errors.min_temperature = setpointError(values.min_temperature);
  errors.max_temperature = setpointError(values.max_temperature);
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

const BOUNDS = [
  ['min_temperature', 'radiators.min'],
  ['max_temperature', 'radiators.max'],
] as const;

/** A room the radiator can be put in. */
export interface RoomChoice {
  id: number;
  name: string;
}

/**
 * Registers or attaches a radiator (with its uid), or edits one's name and bounds: `save` sends
 * it, `onSaved` takes the server's answer before the dialog closes. Given `rooms`, it asks for
 * the room too (or none).
 */
export function RadiatorDialog<R extends Answer>({
  initial,
  withUid,
  rooms,
  save,
  onSaved,
  ...frame
}: DialogFrame & {
  initial?: {
    name: string;
    min_temperature: number;
    max_temperature: number;
    room_id?: number | null;
  };
  withUid: boolean;
  rooms?: RoomChoice[];
  save: (payload: RadiatorPayload & { uid: string }) => Promise<R>;
  onSaved?: (answer: R) => unknown;
}) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  // Known once the radiators' list has been read; until then the label's help alone.
  const simulated = useAppSelector((state) => state.radiators.simulated);
  const form = useForm<Values>(
    {
      uid: '',
      claim_code: '',
      name: initial?.name ?? '',
      room_id: initial?.room_id ? String(initial.room_id) : '',
      min_temperature: String(initial?.min_temperature ?? 7),
      max_temperature: String(initial?.max_temperature ?? 26),
    },
    (values) => check(values, withUid),
  );

  const send = (values: Values) => {
    const claimCode = values.claim_code.trim();
    const payload = {
      uid: values.uid.trim(),
      ...(withUid && claimCode ? { claim_code: claimCode } : {}),
      name: values.name.trim(),
      ...(rooms ? { room_id: values.room_id ? Number(values.room_id) : null } : {}),
      min_temperature: Number(values.min_temperature),
      max_temperature: Number(values.max_temperature),
    };
    return run(() => save(payload), {
      onSuccess: savedThenClose(onSaved, frame.onClose),
      onError: form.showServerErrors,
    });
  };

  const number = { htmlInput: { step: 0.5, min: 5, max: 30, inputMode: 'decimal' as const } };
  return (
    <FormDialog {...frame} busy={busy} maxWidth="sm" onSubmit={form.onSubmit(send)}>
      {withUid && (
        <FormField
          {...form.field('uid')}
          label={t('radiators.uid')}
          // With the simulated fleet any id makes a modelled radiator: said, so that a mistyped
          // one is not taken for a real radiator reporting.
          helperText={t(simulated ? 'radiators.uidHelpSimulated' : 'radiators.uidHelp')}
          required
          autoFocus
        />
      )}
      {withUid && (
        <FormField
          {...form.field('claim_code')}
          label={t('radiators.claimCode')}
          helperText={t('radiators.claimCodeHelp')}
          autoComplete="off"
        />
      )}
      <FormField
        {...form.field('name')}
        label={t('radiators.name')}
        required
        autoFocus={!withUid}
      />
      {rooms && (
        <FormField
          {...form.field('room_id')}
          select
          label={t('radiators.room')}
          // "No room" shows as the choice it is, not as an empty field.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('radiators.noRoom')}</MenuItem>
          {rooms.map((room) => (
            <MenuItem key={room.id} value={String(room.id)}>
              <bdi>{room.name}</bdi>
            </MenuItem>
          ))}
        </FormField>
      )}
      <Grid container columnSpacing={2}>
        {BOUNDS.map(([name, label]) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <FormField
              {...form.field(name)}
              type="number"
              label={t(label)}
              slotProps={number}
              required
            />
          </Grid>
        ))}
      </Grid>
    </FormDialog>
  );
}
