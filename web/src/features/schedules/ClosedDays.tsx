import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField, dateError, formatDate, type Dayjs } from '../../components/DateField';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { LoadError } from '../../components/ListStates';
import { formatDay } from '../../lib/format';
import { useLoad } from '../../lib/useLoad';
import { useAction, type ActionOptions } from '../../lib/useAction';
import { schedulesApi } from './api';
import { BankHolidays } from './BankHolidays';
import type { ClosedDays as Closure, ClosedDaysPayload } from './types';

type Values = { name: string; first_date: Dayjs | null; last_date: Dayjs | null };

function validate(values: Values) {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > 60) errors.name = 'validation.nameTooLong';
  const first = values.first_date ? dateError(values.first_date) : 'validation.required';
  if (first) errors.first_date = first;
  const last = dateError(values.last_date);
  if (last) errors.last_date = last;
  else if (values.first_date && values.last_date?.isBefore(values.first_date, 'day'))
    errors.last_date = 'schedules.closed.lastBeforeFirst';
  return errors;
}

const byFirstDay = (a: Closure, b: Closure) => a.first_date.localeCompare(b.first_date);

/** The section's id, for a link to it. */
export const CLOSED_DAYS_ID = 'closed-days';

/** The server's answer to closed days added. */
type Added = Awaited<ReturnType<typeof schedulesApi.closeDays>>;

/**
 * The business's closed days to come (bank holidays, a closure): on them every schedule runs as
 * outside its slots. Each is added with a name and its first and last days, or from the bank
 * holidays to come, or removed; the schedules' next changes are read again after (`onChanged`).
 */
export function ClosedDays({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { run, busy } = useAction();
  const read = useCallback(
    () => schedulesApi.closedDays().then(({ data }) => data.data.closed_days),
    [],
  );
  const { value: closures, error, retry, set } = useLoad(read, 'closed days');
  const [removing, setRemoving] = useState<Closure | null>(null);
  const [showHolidays, setShowHolidays] = useState(false);
  // Days gone by cannot be closed: the calendars start at today.
  const [today] = useState(() => dayjs().startOf('day'));
  const form = useForm<Values>({ name: '', first_date: null, last_date: null }, validate);

  /** Sends closed days; once added, they join the list, then `options.onSuccess`. Answers
   *  whether they were added. */
  const close = async (payload: ClosedDaysPayload, options: ActionOptions<Added> = {}) => {
    let added = false;
    await run(() => schedulesApi.closeDays(payload), {
      ...options,
      onSuccess: (answer) => {
        added = true;
        set((listed) => [...(listed ?? []), answer.data.data.closed_days].sort(byFirstDay));
        onChanged();
        return options.onSuccess?.(answer);
      },
    });
    return added;
  };

  const add = (values: Values) =>
    close(
      {
        name: values.name.trim(),
        first_date: formatDate(values.first_date) ?? '',
        last_date: formatDate(values.last_date),
      },
      {
        onSuccess: () => {
          form.setValue('name', '');
          form.setValue('first_date', null);
          form.setValue('last_date', null);
          // Ready for the next: the focus goes back to the name, not the emptied date.
          document.getElementById('field-name')?.focus();
        },
        onError: form.showServerErrors,
      },
    );

  const remove = (closure: Closure) =>
    run(() => schedulesApi.reopenDays(closure.id), {
      onSuccess: () => {
        setRemoving(null);
        set((listed) => (listed ?? []).filter((other) => other.id !== closure.id));
        onChanged();
      },
      // Refused (removed already in another tab, or over by now): the list is read again.
      onError: () => {
        setRemoving(null);
        retry();
      },
    });

  const day = (date: string) => formatDay(date, i18n.language, { weekday: true });
  const when = (closure: Closure) =>
    closure.first_date === closure.last_date
      ? day(closure.first_date)
      : t('schedules.closed.range', {
          first: day(closure.first_date),
          last: day(closure.last_date),
        });

  return (
    <Paper
      component="section"
      id={CLOSED_DAYS_ID}
      tabIndex={-1}
      variant="outlined"
      aria-labelledby={headingId}
      // Below the sticky app bar when the page scrolls to it.
      sx={{ p: 2, mt: 3, scrollMarginTop: 80 }}
    >
      <Typography variant="h3" component="h2" id={headingId}>
        {t('schedules.closed.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {t('schedules.closed.intro')}
      </Typography>
      {error ? (
        <LoadError message={error} onRetry={retry} />
      ) : closures === null ? (
        <Skeleton variant="rounded" height={48} />
      ) : closures.length === 0 ? (
        <Typography variant="body2">{t('schedules.closed.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {closures.map((closure) => (
            <Stack
              key={closure.id}
              component="li"
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
            >
              <div>
                <Typography variant="body1">
                  <bdi>{closure.name}</bdi>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {when(closure)}
                </Typography>
              </div>
              <Button
                size="small"
                color="secondary"
                aria-label={t('schedules.closed.removeLabel', { name: closure.name })}
                onClick={() => setRemoving(closure)}
              >
                {t('schedules.closed.remove')}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
      <Button
        size="small"
        sx={{ mt: 1.5 }}
        aria-expanded={showHolidays}
        onClick={() => setShowHolidays(!showHolidays)}
      >
        {t(showHolidays ? 'schedules.closed.holidays.hide' : 'schedules.closed.holidays.show')}
      </Button>
      {showHolidays && (
        <BankHolidays
          closures={closures ?? []}
          busy={busy}
          onAdd={(name, date) => close({ name, first_date: date, last_date: null })}
        />
      )}
      <Form onSubmit={form.onSubmit(add)}>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('schedules.closed.add')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }}>
          <FormField
            {...form.field('name')}
            label={t('schedules.closed.name')}
            required
            helperText={t('schedules.closed.nameHelp')}
            fullWidth
            margin="dense"
          />
          <DateField
            name="first_date"
            label={t('schedules.closed.firstDay')}
            value={form.values.first_date}
            onChange={(value) => form.setValue('first_date', value)}
            error={form.errors.first_date}
            earliest={today}
            required
          />
          <DateField
            name="last_date"
            label={t('schedules.closed.lastDay')}
            helperText={t('schedules.closed.lastDayHelp')}
            value={form.values.last_date}
            onChange={(value) => form.setValue('last_date', value)}
            error={form.errors.last_date}
            earliest={form.values.first_date?.isValid() ? form.values.first_date : today}
          />
        </Stack>
        <SubmitButton busy={busy} sx={{ mt: 1 }}>
          {t('schedules.closed.submit')}
        </SubmitButton>
      </Form>
      <ConfirmDialog
        open={removing !== null}
        title={t('schedules.closed.removeTitle', { name: removing?.name ?? '' })}
        text={t('schedules.closed.removeText')}
        confirm={t('schedules.closed.remove')}
        busy={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
      />
    </Paper>
  );
}
