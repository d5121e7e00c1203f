import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { DateField } from '../../components/DateField';
import { useUnsavedChanges } from '../../components/UnsavedChanges';
import { WeekdaysField } from '../../components/WeekdaysField';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { LoadError } from '../../components/ListStates';
import { paths } from '../../config/paths';
import { SETPOINT } from '../../config/constants';
import { choiceButtons } from '../../lib/choices';
import { useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { useBusinessSettings } from '../settings';
import { schedulesApi } from './api';
import { DayEditor } from './DayEditor';
import { firstSlotWithError, workingDay } from './slots';
import { useTargets } from './useTargets';
import type { DurationKey, Schedule, ScheduleFor } from './types';
import {
  initialValues,
  SCHEDULE_KINDS,
  toPayload,
  validateSchedule,
  type ScheduleValues,
} from './values';

/**
 * Creates a schedule (`schedule` null, of the kind `kind`) or replaces `schedule`; when someone
 * else changed it since it was read, the save is refused and `reload` reads theirs.
 */
export function ScheduleForm({
  schedule,
  kind = 'room',
  reload,
}: {
  schedule: Schedule | null;
  kind?: ScheduleFor;
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const durations = useAppSelector((state) => state.schedule.scheduleDurations);
  const form = useForm<ScheduleValues>(initialValues(schedule, kind), validateSchedule);
  const { values, errors, setValue } = form;
  const unsaved = useUnsavedChanges(form.dirty);
  const [selected, setSelected] = useState<number | null>(null);
  /** Why the save was refused: someone else changed the schedule since it was read. */
  const [changedElsewhere, setChangedElsewhere] = useState<string | null>(null);
  const targets = useTargets(values.schedule_for);
  // A new slot covers the business's working day at its comfort setpoint (08:00–18:00 at
  // 21 °C until they are read, or if they cannot be).
  const business = useBusinessSettings();

  const send = (sent: ScheduleValues) =>
    run(
      () =>
        schedule
          ? schedulesApi.update(schedule.id, { ...toPayload(sent), revision: schedule.revision })
          : schedulesApi.create(toPayload(sent)),
      {
        onSuccess: () => {
          unsaved.saved();
          return navigate(paths.schedules);
        },
        // A slot's error keeps the toast too: only the chosen slot's fields are on screen to
        // tell their errors. Errors of fields always on screen are told under them alone.
        onError: (failure) => {
          if (failure.code === 409 && Object.keys(failure.errors).length === 0) {
            setChangedElsewhere(failure.description);
            return true;
          }
          const shown = form.showServerErrors(failure);
          const first = firstSlotWithError(failure.errors);
          if (first !== null) setSelected(first);
          return shown && first === null;
        },
      },
    );

  const onSubmit = (event: FormEvent) => {
    // Show the first slot the checks find wrong, so its fields show why.
    const first = firstSlotWithError(validateSchedule(values));
    if (first !== null) setSelected(first);
    form.onSubmit(send)(event);
  };

  const chosenTargets = targets.options.filter((option) => values.target_ids.includes(option.id));
  const error = (name: string) => (errors[name] ? t(errors[name]) : undefined);

  return (
    <Stack spacing={2}>
      <BackLink to={paths.schedules}>{t('nav.schedules')}</BackLink>
      <Typography variant="h1">
        {/* The schedule's name, so that two open in two tabs are told apart. */}
        {schedule
          ? t('schedules.form.editTitle', { name: schedule.name })
          : t('schedules.form.newTitle')}
      </Typography>
      <Form onSubmit={onSubmit}>
        <Stack spacing={2} sx={{ maxWidth: 980 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <FormField
              {...form.field('name')}
              label={t('schedules.form.name')}
              helperText={t('schedules.form.nameHelp')}
              required
              autoFocus={!schedule}
            />
            <FormControl margin="dense" error={Boolean(errors.schedule_for)}>
              <FormLabel id="schedule-for-label">{t('schedules.form.kind')}</FormLabel>
              <RadioGroup
                row
                name="schedule_for"
                aria-labelledby="schedule-for-label"
                value={values.schedule_for}
                onChange={(event) => {
                  setValue('schedule_for', event.target.value as ScheduleFor);
                  setValue('target_ids', []);
                }}
              >
                {SCHEDULE_KINDS.map((option) => (
                  <FormControlLabel
                    key={option}
                    value={option}
                    control={<Radio />}
                    label={t(`schedules.kindsPlural.${option}`)}
                  />
                ))}
              </RadioGroup>
              {errors.schedule_for && <FormHelperText>{error('schedule_for')}</FormHelperText>}
            </FormControl>
            {targets.error ? (
              <LoadError message={targets.error} onRetry={targets.retry} />
            ) : (
              <Autocomplete
                multiple
                disableCloseOnSelect
                options={targets.options}
                loading={targets.loading}
                value={chosenTargets}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                onChange={(_, chosen) =>
                  setValue(
                    'target_ids',
                    chosen.map((option) => option.id),
                  )
                }
                noOptionsText={t(`schedules.form.noTargets.${values.schedule_for}`)}
                {...choiceButtons(t, t(`schedules.form.targets.${values.schedule_for}`))}
                loadingText={t('common.loading')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    id="field-target_ids"
                    name="target_ids"
                    label={t(`schedules.form.targets.${values.schedule_for}`)}
                    error={Boolean(errors.target_ids)}
                    helperText={error('target_ids') ?? t('schedules.form.targetsHelp')}
                  />
                )}
              />
            )}
          </Paper>

          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormField
                  {...form.field('duration')}
                  select
                  label={t('schedules.form.duration')}
                  onChange={(event) => {
                    const key = event.target.value as DurationKey;
                    // Custom days start from the days the choice before repeated on.
                    const before = durations.find((duration) => duration.key === values.duration);
                    if (key === 'custom' && values.days.length === 0 && before)
                      setValue('days', before.days);
                    setValue('duration', key);
                  }}
                >
                  {durations.map((duration) => (
                    <MenuItem key={duration.key} value={duration.key}>
                      {t(`schedules.durations.${duration.key}`, { defaultValue: duration.name })}
                    </MenuItem>
                  ))}
                </FormField>
              </Grid>
            </Grid>
            {values.duration === 'custom' && (
              <WeekdaysField
                legend={t('schedules.form.days')}
                name="days"
                days={values.days}
                onChange={(days) => setValue('days', days)}
                error={error('days')}
              />
            )}
            <Box sx={{ mt: 2 }}>
              <DayEditor
                slots={values.slots}
                onChange={(slots) => setValue('slots', slots)}
                selected={selected}
                onSelect={setSelected}
                errors={errors}
                working={business ? workingDay(business.working_hours) : undefined}
                newSetpoint={business ? String(business.comfort_setpoint) : undefined}
              />
            </Box>
          </Paper>

          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <FormControlLabel
              control={
                <Switch
                  name="setback_off"
                  checked={values.setback_off}
                  onChange={(event) => setValue('setback_off', event.target.checked)}
                />
              }
              label={t('schedules.form.setbackOff')}
            />
            {!values.setback_off && (
              <FormField
                {...form.field('setback')}
                type="number"
                label={t('schedules.form.setback')}
                helperText={t('schedules.form.setbackHelp')}
                slotProps={{ htmlInput: { ...SETPOINT, inputMode: 'decimal' } }}
                sx={{ maxWidth: 320, display: 'flex' }}
              />
            )}
            <Grid container columnSpacing={2} sx={{ mt: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateField
                  name="start_date"
                  label={t('schedules.form.startDate')}
                  value={values.start_date}
                  onChange={(date) => setValue('start_date', date)}
                  error={errors.start_date}
                  helperText={t('schedules.form.startDateHelp')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateField
                  name="end_date"
                  label={t('schedules.form.endDate')}
                  value={values.end_date}
                  onChange={(date) => setValue('end_date', date)}
                  error={errors.end_date}
                  helperText={t('schedules.form.endDateHelp')}
                />
              </Grid>
            </Grid>
            <HelpedSwitch
              name="runs_on_closed_days"
              checked={values.runs_on_closed_days}
              onChange={(checked) => setValue('runs_on_closed_days', checked)}
              label={t('schedules.form.runsOnClosedDays')}
              help={t('schedules.form.runsOnClosedDaysHelp')}
            />
            <HelpedSwitch
              name="status"
              checked={values.status}
              onChange={(checked) => setValue('status', checked)}
              label={t('schedules.form.status')}
              help={t('schedules.form.statusHelp')}
            />
          </Paper>
          {changedElsewhere && (
            <Alert
              severity="warning"
              action={
                reload && (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={reload}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('schedules.form.reopen')}
                  </Button>
                )
              }
            >
              {changedElsewhere} {t('schedules.form.reopenDrops')}
            </Alert>
          )}
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={paths.schedules}>
              {t('profile.cancel')}
            </Button>
            <SubmitButton busy={busy}>
              {schedule ? t('profile.save') : t('schedules.form.create')}
            </SubmitButton>
          </Stack>
        </Stack>
      </Form>
      {unsaved.dialog}
    </Stack>
  );
}

/** A switch with a sentence below it that says what it does, read with it. */
function HelpedSwitch({
  name,
  checked,
  onChange,
  label,
  help,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: string;
}) {
  const helpId = useId();
  return (
    <>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            name={name}
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
    </>
  );
}
