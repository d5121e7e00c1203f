import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import type { AxiosResponse } from 'axios';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { useAppDispatch } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { fetchMe } from '../auth';

/** The most a budget or goal may be (as `goals/mod.rs` checks). */
const MOST = 10_000_000;

/** The text key of what is wrong with an amount: above 0, up to 10,000,000, two decimals. */
export function amountError(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return 'validation.required';
  const value = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !(value > 0) || value > MOST)
    return 'energyPrefs.amountInvalid';
  return undefined;
}

/**
 * One amount set by a PATCH with the amount in its path: the monthly budget (£) or the CF goal
 * (kg). The field is named `value`, as the server names it in its field errors. After saving,
 * the toast says spec §8's fixed text and `me` is read again.
 */
export function AmountForm({
  label,
  helper,
  unit,
  current,
  submit,
  send,
  savedText,
  onSaved,
}: {
  label: string;
  helper: string;
  unit: 'pounds' | 'kg';
  /** The amount now, or null when none is set. */
  current: number | null;
  submit: string;
  send: (value: string) => Promise<AxiosResponse>;
  savedText: string;
  onSaved?: () => void;
}) {
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const form = useForm({ value: current === null ? '' : String(current) }, ({ value }) => {
    const error = amountError(value);
    return error ? { value: error } : {};
  });

  const save = ({ value }: { value: string }) =>
    run(() => send(String(Number(value.trim()))), {
      toast: () => savedText,
      onSuccess: async () => {
        await dispatch(fetchMe());
        onSaved?.();
      },
      onError: form.showServerErrors,
    });

  const adornment =
    unit === 'pounds'
      ? { startAdornment: <InputAdornment position="start">£</InputAdornment> }
      : { endAdornment: <InputAdornment position="end">kg</InputAdornment> };
  return (
    <Form onSubmit={form.onSubmit(save)}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormField
          {...form.field('value')}
          label={label}
          helperText={helper}
          slotProps={{ input: adornment, htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
          sx={{ maxWidth: 320 }}
        />
        <SubmitButton busy={busy}>{submit}</SubmitButton>
      </Stack>
    </Form>
  );
}
