import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
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
  onAdd: (name: string, date: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [region, setRegion] = useState<HolidayRegion>('england_and_wales');
  const read = useCallback(
    () => schedulesApi.bankHolidays(region).then(({ data }) => data.data.bank_holidays),
    [region],
  );
  const { value: holidays, error, retry } = useLoad(read, 'bank holidays');
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
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
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
                    disabled={busy}
                    aria-label={t('schedules.closed.holidays.addLabel', { name })}
                    onClick={() => onAdd(name, holiday.date)}
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
