import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from '../../components/ChoiceButtons';
import { LoadError } from '../../components/ListStates';
import { formatDay } from '../../lib/format';
import { useLoad } from '../../lib/useLoad';
import { schedulesApi } from './api';
import type { BankHoliday, ClosedDays, HolidayRegion } from './types';

const REGIONS: HolidayRegion[] = ['england_and_wales', 'scotland', 'northern_ireland'];

/**
 * The bank holidays of the coming year in one of the UK's three sets, each added to the closed
 * days with one press (`onAdd`, with its name in the app's language), or marked closed when a
 * closure covers it already.
 */
export function BankHolidays({
  closures,
  busy,
  onAdd,
}: {
  closures: ClosedDays[];
  busy: boolean;
  /** Answers whether they were added. */
  onAdd: (name: string, date: string) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const [region, setRegion] = useState<HolidayRegion>('england_and_wales');
  const read = useCallback(
    () =>
      schedulesApi
        .bankHolidays(region)
        .then(({ data }) => ({ region, holidays: data.data.bank_holidays })),
    [region],
  );
  const loaded = useLoad(read, 'bank holidays');
  const { error, retry } = loaded;
  // Another set's, while the chosen one loads, is not shown: its days would be added.
  const holidays = loaded.value?.region === region ? loaded.value.holidays : null;
  const list = useRef<HTMLUListElement>(null);

  /** Adds the holiday; once added, its button gives way to "Closed" and the focus goes on to
   *  the next one to add (or back to the set's choice). */
  const add = async (name: string, date: string) => {
    // One at a time; the others stay enabled, so that the focus can go on to the next.
    if (busy || !(await onAdd(name, date))) return;
    const later = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const next = later.find((button) => (button.dataset.date ?? '') > date);
    (
      next ?? list.current?.parentElement?.querySelector<HTMLElement>('[aria-pressed="true"]')
    )?.focus();
  };
  const nameOf = (holiday: BankHoliday) => {
    const name = t(`schedules.closed.holidays.names.${holiday.key}`);
    return holiday.substitute ? t('schedules.closed.holidays.substitute', { name }) : name;
  };
  const closed = (date: string) =>
    closures.some((closure) => closure.first_date <= date && date <= closure.last_date);

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <ChoiceButtons
        label={t('schedules.closed.holidays.region')}
        value={region}
        choices={REGIONS.map(
          (key) => [key, t(`schedules.closed.holidays.regions.${key}`)] as const,
        )}
        onChange={setRegion}
      />
      {error ? (
        <LoadError message={error} onRetry={retry} />
      ) : holidays === null ? (
        <Skeleton variant="rounded" height={96} />
      ) : (
        <Stack ref={list} component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {holidays.map((holiday) => {
            const name = nameOf(holiday);
            return (
              <Stack
                key={`${holiday.key}-${holiday.date}`}
                component="li"
                direction="row"
                sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
              >
                <Typography variant="body2">
                  {name}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {formatDay(holiday.date, i18n.language, { weekday: true })}
                  </Typography>
                </Typography>
                {closed(holiday.date) ? (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
                    {t('schedules.closed.holidays.closed')}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    aria-label={t('schedules.closed.holidays.addLabel', { name })}
                    data-date={holiday.date}
                    onClick={() => void add(name, holiday.date)}
                  >
                    {t('schedules.closed.holidays.add')}
                  </Button>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('schedules.closed.holidays.note')}
      </Typography>
    </Stack>
  );
}
