import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField, parseDate, type Dayjs } from '../../components/DateField';
import { Form, SubmitButton, useForm } from '../../components/form';
import { useAppSelector } from '../../lib/hooks';
import { DownloadCsvButton } from '../../components/DownloadCsvButton';
import {
  lastDays,
  lastMonth,
  lastWeek,
  rangeErrors,
  sameRange,
  thisMonth,
  thisWeek,
  thisYear,
  toRange,
} from './ranges';
import type { DateRange } from './types';

type Values = { start_date: Dayjs | null; end_date: Dayjs | null };

const PRESETS = [
  { key: 'thisWeek', range: () => thisWeek() },
  { key: 'lastWeek', range: () => lastWeek() },
  { key: 'thisMonth', range: () => thisMonth() },
  { key: 'lastMonth', range: () => lastMonth() },
  { key: 'last30Days', range: () => lastDays(30) },
  { key: 'thisYear', range: () => thisYear() },
] as const;

/**
 * A ranged view's toolbar: the range picker, and the CSV download of `path` over the range as
 * `{file}-{start}-to-{end}.csv`.
 */
export function RangeToolbar({ path, file }: { path: string; file: string }) {
  const range = useAppSelector((state) => state.analytics.selectedAnalytics.range);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      useFlexGap
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
    >
      <RangePicker />
      <Box sx={{ pt: { md: 1.5 } }}>
        <DownloadCsvButton
          path={path}
          params={{ ...range }}
          filename={`${file}-${range.start_date}-to-${range.end_date}.csv`}
        />
      </Box>
    </Stack>
  );
}

/** The days the CO2 savings and the room and zone usage cover, shared by the three. */
export function RangePicker() {
  const range = useAppSelector((state) => state.analytics.selectedAnalytics.range);
  // A new range chosen (here or by a preset) starts the form again from it.
  return <RangeForm key={`${range.start_date}/${range.end_date}`} range={range} />;
}

function RangeForm({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const refused = useAppSelector((state) => state.analytics.refusedRange);
  const form = useForm<Values>(
    { start_date: parseDate(range.start_date), end_date: parseDate(range.end_date) },
    (values) => rangeErrors(values.start_date, values.end_date),
  );
  const { values, errors, setValue } = form;
  // The server's refusal shows on the fields while they still hold the range it refused.
  const shown =
    values.start_date && values.end_date ? toRange(values.start_date, values.end_date) : null;
  const server = refused && shown && sameRange(refused.range, shown) ? refused.errors : {};
  const error = (name: keyof Values) => errors[name] ?? server[name]?.[0];

  // The range goes into the address, so that the page can be bookmarked or shared; the
  // visualisation's page shows the range its address names.
  const [, setParams] = useSearchParams();
  const show = ({ start_date, end_date }: DateRange) =>
    setParams({ start_date, end_date }, { replace: true });
  const apply = (chosen: Values) => {
    if (chosen.start_date && chosen.end_date) show(toRange(chosen.start_date, chosen.end_date));
    return Promise.resolve();
  };

  return (
    <Form onSubmit={form.onSubmit(apply)}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0, sm: 2 }}
        sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <Stack sx={{ width: { xs: '100%', sm: 220 } }}>
          <DateField
            name="start_date"
            label={t('analytics.range.from')}
            value={values.start_date}
            onChange={(value) => setValue('start_date', value)}
            error={error('start_date')}
          />
        </Stack>
        <Stack sx={{ width: { xs: '100%', sm: 220 } }}>
          <DateField
            name="end_date"
            label={t('analytics.range.to')}
            value={values.end_date}
            onChange={(value) => setValue('end_date', value)}
            error={error('end_date')}
          />
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          sx={{ pt: { xs: 1, sm: 1.5 }, flexWrap: 'wrap', gap: 1 }}
        >
          <SubmitButton busy={false}>{t('analytics.range.apply')}</SubmitButton>
          {PRESETS.map((preset) => (
            <Button
              key={preset.key}
              variant="text"
              onClick={() => show(preset.range())}
              aria-pressed={sameRange(preset.range(), range)}
            >
              {t(`analytics.range.${preset.key}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Form>
  );
}
