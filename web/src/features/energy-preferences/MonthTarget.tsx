import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import type { AxiosResponse } from 'axios';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { useAppDispatch } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { fetchMe } from '../auth';
import type { useDashboardFigures } from './goals';
import { Section } from './parts';
import type { DashboardFigures } from './types';

/** The most a budget or goal may be (as `goals/mod.rs` checks). */
const MOST = 10_000_000;

/**
 * The amount as typed, without what a person writes around a number of pounds or kg: a leading
 * pound sign, and commas where they group the thousands ("£1,500.50" → "1500.50"). A comma that
 * does not group by three is left, and refused, as it could be a decimal comma.
 */
export function plainAmount(raw: string): string {
  const text = raw.trim().replace(/^£\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
}

/**
 * The text key of what is wrong with a budget's or goal's amount, the unit named as the server
 * names it: above 0, up to 10,000,000, two decimals.
 */
export function amountError(raw: string, target: 'budget' | 'goal'): string | undefined {
  const text = plainAmount(raw);
  if (!text) return 'validation.required';
  const value = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !(value > 0) || value > MOST)
    return `energyPrefs.${target}.invalid`;
  return undefined;
}

/**
 * A monthly target, the budget (£) or the CF goal (kg), in its section: this month so far, as
 * `figure` shows it from the dashboard's figures, then the form that sets the target with a PATCH
 * that has the amount in its path. The texts are `energyPrefs.budget.*` or `energyPrefs.goal.*`.
 * The field is named `value`, as the server names it in its field errors. After saving, the
 * toast says spec §8's fixed text, `me` is read again and so are the figures. A target set can
 * be removed (`remove`), as "None" in the history and no target on the pages.
 */
export function MonthTarget({
  target,
  current,
  send,
  remove,
  load,
  figure,
}: {
  target: 'budget' | 'goal';
  /** The amount now, or null when none is set. */
  current: number | null;
  send: (value: string) => Promise<AxiosResponse>;
  remove: () => Promise<AxiosResponse>;
  load: ReturnType<typeof useDashboardFigures>;
  figure: (figures: DashboardFigures) => ReactNode;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const form = useForm({ value: current === null ? '' : String(current) }, ({ value }) => {
    const error = amountError(value, target);
    return error ? { value: error } : {};
  });
  const text = (key: string) => t(`energyPrefs.${target}.${key}`);

  const save = ({ value }: { value: string }) => {
    const amount = String(Number(plainAmount(value)));
    return run(() => send(amount), {
      toast: () => text('saved'),
      onSuccess: async () => {
        // The amount as saved: "£1,500" reads 1500 beside its own pound sign.
        form.setValue('value', amount);
        await dispatch(fetchMe());
        load.reload();
      },
      onError: form.showServerErrors,
    });
  };

  const [removing, setRemoving] = useState(false);
  const clear = () =>
    run(remove, {
      onSuccess: async () => {
        setRemoving(false);
        await dispatch(fetchMe());
        load.reload();
      },
    });

  const adornment =
    target === 'budget'
      ? { startAdornment: <InputAdornment position="start">£</InputAdornment> }
      : { endAdornment: <InputAdornment position="end">kg</InputAdornment> };
  return (
    <Section title={text('title')} intro={text('intro')}>
      {load.error ? (
        <LoadError message={load.error} onRetry={load.reload} />
      ) : load.figures ? (
        <Box sx={{ mb: 2 }}>{figure(load.figures)}</Box>
      ) : (
        <ListSkeleton rows={1} height={96} />
      )}
      <Form onSubmit={form.onSubmit(save)}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormField
            {...form.field('value')}
            label={text('label')}
            helperText={text('help')}
            slotProps={{ input: adornment, htmlInput: { dir: 'ltr', inputMode: 'decimal' } }}
            sx={{ maxWidth: 320 }}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <SubmitButton busy={busy}>{text('save')}</SubmitButton>
            {current !== null && (
              <Button color="secondary" disabled={busy} onClick={() => setRemoving(true)}>
                {text('remove')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Form>
      <ConfirmDialog
        open={removing}
        title={text('removeTitle')}
        text={text('removeText')}
        confirm={text('remove')}
        busy={busy}
        onClose={() => setRemoving(false)}
        onConfirm={() => void clear()}
      />
    </Section>
  );
}
