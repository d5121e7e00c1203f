import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockField } from '../../components/ClockField';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { useUnsavedChanges } from '../../components/UnsavedChanges';
import { WeekdaysField } from '../../components/WeekdaysField';
import { SETPOINT } from '../../config/constants';
import { readClock } from '../../lib/clock';
import { useAction } from '../../lib/useAction';
import { setpointError } from '../../lib/temperature';
import { choiceButtons } from '../../lib/choices';
import { useLoad } from '../../lib/useLoad';
import { settingsApi } from './api';
import type { BusinessSettings } from './types';

/** Names a browser's list may lack: UTC itself, and cities renamed since its list was made. */
const ALSO = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Yangon', 'Europe/Kyiv'];

/** Every IANA time zone this browser knows, with those above and `current` even if it does not. */
function timeZones(current: string) {
  const known = new Set(Intl.supportedValuesOf('timeZone'));
  for (const zone of [...ALSO, current]) if (zone) known.add(zone);
  return [...known].sort();
}

/** "new york" finds America/New_York: the names are searched with spaces for underscores. */
const findZones = createFilterOptions<string>({ stringify: (zone) => zone.replace(/_/g, ' ') });

/** The form's values: the API's fields, the hours named as their errors are. */
type Values = {
  time_zone: string;
  working_days: number[];
  'working_hours.start': string;
  'working_hours.end': string;
  comfort_setpoint: string;
};

function valuesOf(settings: BusinessSettings): Values {
  return {
    time_zone: settings.time_zone,
    working_days: settings.working_days,
    'working_hours.start': settings.working_hours.start,
    'working_hours.end': settings.working_hours.end,
    comfort_setpoint: String(settings.comfort_setpoint),
  };
}

/** The working hours as "HH:MM", read as typed ("8" is 08:00), or null where unreadable. */
function workingHours(values: Values) {
  return [readClock(values['working_hours.start']), readClock(values['working_hours.end'])];
}

/** What is wrong with `values`; `zones` are the time zones on offer. */
function validate(values: Values, zones: Set<string>) {
  const errors: Record<string, string> = {};
  if (!zones.has(values.time_zone)) errors.time_zone = 'settings.business.chooseTimeZone';
  if (values.working_days.length === 0) errors.working_days = 'settings.business.noDays';
  const [start, end] = workingHours(values);
  for (const [name, clock] of [
    ['working_hours.start', start],
    ['working_hours.end', end],
  ] as const) {
    if (!values[name].trim()) errors[name] = 'validation.required';
    else if (clock === null) errors[name] = 'validation.time';
  }
  if (start && end && end <= start) errors['working_hours.end'] = 'settings.business.endAfterStart';
  const setpoint = setpointError(values.comfort_setpoint);
  if (setpoint) errors.comfort_setpoint = setpoint;
  return errors;
}

const readSettings = async () => (await settingsApi.business()).data.data.business_settings;

/** The business's settings: loaded, then edited in `BusinessForm`. */
export function BusinessSettingsForm() {
  const { value: settings, error, retry } = useLoad(readSettings, 'business settings');
  if (error) return <LoadError message={error} onRetry={retry} />;
  if (!settings) return <ListSkeleton rows={3} height={56} />;
  return <BusinessForm settings={settings} />;
}

function BusinessForm({ settings }: { settings: BusinessSettings }) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  const [zones] = useState(() => timeZones(settings.time_zone));
  const [known] = useState(() => new Set(zones));
  const form = useForm<Values>(valuesOf(settings), (values) => validate(values, known));
  const { values, errors, setValue } = form;
  // Asks before edits not saved yet are left, for another tab too.
  const [savedAs, setSavedAs] = useState(() => JSON.stringify(valuesOf(settings)));
  const unsaved = useUnsavedChanges(JSON.stringify(values) !== savedAs, true);

  const send = (sent: Values) => {
    const [start, end] = workingHours(sent);
    return run(
      () =>
        settingsApi.saveBusiness({
          time_zone: sent.time_zone,
          working_days: [...sent.working_days].sort((a, b) => a - b),
          working_hours: { start: start ?? '', end: end ?? '' },
          comfort_setpoint: Number(sent.comfort_setpoint),
        }),
      { onError: form.showServerErrors, onSuccess: () => setSavedAs(JSON.stringify(sent)) },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Form onSubmit={form.onSubmit(send)}>
        <Autocomplete
          options={zones}
          filterOptions={findZones}
          value={values.time_zone || null}
          onChange={(_, zone) => setValue('time_zone', zone ?? '')}
          // What is typed is the value until a zone is chosen, so a zone not on the list is
          // refused in words rather than dropped for the one saved before.
          freeSolo
          onInputChange={(_, typed, reason) => {
            if (reason === 'input') setValue('time_zone', typed);
          }}
          {...choiceButtons(t, t('settings.business.timeZone'))}
          renderInput={(params) => (
            <TextField
              {...params}
              id="field-time_zone"
              name="time_zone"
              label={t('settings.business.timeZone')}
              error={Boolean(errors.time_zone)}
              helperText={
                errors.time_zone ? t(errors.time_zone) : t('settings.business.timeZoneHelp')
              }
            />
          )}
        />
        <WeekdaysField
          legend={t('settings.business.workingDays')}
          name="working_days"
          days={values.working_days}
          onChange={(days) => setValue('working_days', days)}
          error={errors.working_days ? t(errors.working_days) : undefined}
        />
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 6 }}>
            <ClockField
              name="working_hours.start"
              value={values['working_hours.start']}
              error={errors['working_hours.start']}
              onValue={(start) => setValue('working_hours.start', start)}
              label={t('settings.business.start')}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <ClockField
              name="working_hours.end"
              value={values['working_hours.end']}
              error={errors['working_hours.end']}
              onValue={(end) => setValue('working_hours.end', end)}
              label={t('settings.business.end')}
            />
          </Grid>
          {/* A row of its own: its help says what a change does. */}
          <Grid size={{ xs: 12 }}>
            <FormField
              {...form.field('comfort_setpoint')}
              type="number"
              label={t('settings.business.comfort')}
              slotProps={{ htmlInput: { ...SETPOINT, inputMode: 'decimal' } }}
              helperText={t('settings.business.comfortHelp')}
            />
          </Grid>
        </Grid>
        <SubmitButton busy={busy}>{t('profile.save')}</SubmitButton>
      </Form>
      {unsaved.dialog}
    </Paper>
  );
}
