import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField, dateError, formatDate, type Dayjs } from '../../components/DateField';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { formatDay } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { formatRate } from '../../lib/units';
import { useAction } from '../../lib/useAction';
import { energyPreferencesApi } from './api';
import { chargesChanged } from './slice';
import type { Tariff } from './types';

type Values = {
  unit_rate_pence: string;
  standing_charge_pence: string;
  effective_from: Dayjs | null;
};

/** The text key of what is wrong with pence: in range, at most two decimals (`tariffs/mod.rs`). */
function penceError(raw: string, least: number, most: number, strictlyAbove: boolean) {
  const text = raw.trim();
  if (!text) return 'validation.required';
  const value = Number(text);
  if (value < 0) return 'energyPrefs.tariff.negative';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'energyPrefs.tariff.penceFormat';
  if ((strictlyAbove ? value <= least : value < least) || value > most)
    return strictlyAbove ? 'energyPrefs.tariff.unitRange' : 'energyPrefs.tariff.standingRange';
  return undefined;
}

function validate(values: Values) {
  const errors: Record<string, string> = {};
  const unit = penceError(values.unit_rate_pence, 0, 200, true);
  const standing = penceError(values.standing_charge_pence, 0, 500, false);
  const from = values.effective_from ? dateError(values.effective_from) : 'validation.required';
  if (unit) errors.unit_rate_pence = unit;
  if (standing) errors.standing_charge_pence = standing;
  if (from) errors.effective_from = from;
  return errors;
}

const pence = (per: string) => ({
  input: { endAdornment: <InputAdornment position="end">{per}</InputAdornment> },
  htmlInput: { dir: 'ltr', inputMode: 'decimal' as const },
});

/** Adds a tariff from a day on; the history updates, then `onAdded`. One from the same day is
 *  replaced, and one from a past day costs the days since again, after asking. */
export function TariffForm({ onAdded }: { onAdded: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const charges = useAppSelector((state) => state.charges.charges);
  /** The values sent once confirmed: the tariff they replace, or the past day they cost again
   *  from. */
  const [asking, setAsking] = useState<{ values: Values; tariff?: Tariff; day: string } | null>(
    null,
  );
  const form = useForm<Values>(
    { unit_rate_pence: '', standing_charge_pence: '', effective_from: dayjs().startOf('day') },
    validate,
  );

  const send = (values: Values) =>
    run(
      () =>
        energyPreferencesApi.addTariff({
          unit_rate_pence: Number(values.unit_rate_pence),
          standing_charge_pence: Number(values.standing_charge_pence),
          effective_from: formatDate(values.effective_from) ?? '',
        }),
      {
        onSuccess: ({ data }) => {
          dispatch(chargesChanged(data.data.charges));
          // The tariff is in the history now; empty rates do not invite entering it twice.
          form.setValue('unit_rate_pence', '');
          form.setValue('standing_charge_pence', '');
          onAdded();
        },
        onError: form.showServerErrors,
      },
    );

  const sendOrAsk = (values: Values) => {
    const day = formatDate(values.effective_from) ?? '';
    const tariff = charges?.history.find((entered) => entered.effective_from === day);
    if (!tariff && day >= dayjs().format('YYYY-MM-DD')) return send(values);
    setAsking({ values, tariff, day });
    return Promise.resolve();
  };
  const asked = asking && {
    day: formatDay(asking.day, i18n.language),
    unit: formatRate(Number(asking.values.unit_rate_pence), 'kWh'),
    standing: formatRate(Number(asking.values.standing_charge_pence), 'day'),
  };

  return (
    <Form onSubmit={form.onSubmit(sendOrAsk)}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 2 }}>
        <FormField
          {...form.field('unit_rate_pence')}
          label={t('energyPrefs.tariff.unitRate')}
          helperText={t('energyPrefs.tariff.unitRateHelp')}
          slotProps={pence(t('rates.kWh'))}
        />
        <FormField
          {...form.field('standing_charge_pence')}
          label={t('energyPrefs.tariff.standingCharge')}
          helperText={t('energyPrefs.tariff.standingChargeHelp')}
          slotProps={pence(t('rates.day'))}
        />
        <DateField
          name="effective_from"
          label={t('energyPrefs.tariff.effectiveFrom')}
          helperText={t('energyPrefs.tariff.effectiveFromHelp')}
          value={form.values.effective_from}
          onChange={(value) => form.setValue('effective_from', value)}
          error={form.errors.effective_from}
        />
      </Stack>
      <SubmitButton busy={busy} sx={{ mt: 1 }}>
        {t('energyPrefs.tariff.add')}
      </SubmitButton>
      {asking && asked && (
        <ConfirmDialog
          open
          title={t(
            asking.tariff ? 'energyPrefs.tariff.replaceTitle' : 'energyPrefs.tariff.pastTitle',
            asked,
          )}
          text={
            asking.tariff
              ? t('energyPrefs.tariff.replaceText', {
                  unit: formatRate(asking.tariff.unit_rate_pence, 'kWh'),
                  standing: formatRate(asking.tariff.standing_charge_pence, 'day'),
                })
              : t('energyPrefs.tariff.pastText', asked)
          }
          confirm={t(asking.tariff ? 'energyPrefs.tariff.replace' : 'energyPrefs.tariff.add')}
          onConfirm={() => {
            setAsking(null);
            void send(asking.values);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </Form>
  );
}
