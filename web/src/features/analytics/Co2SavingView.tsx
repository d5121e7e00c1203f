import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Figure, FigurePanel } from '../../components/Figure';
import { tableFigures, formatKg, formatShare } from '../../lib/units';
import { endpoints } from './api';
import { useRanged } from './hooks';
import { dayLabel, methodText, monthLabel, periodLabel } from './labels';
import { Co2Chart } from './LazyCharts';
import { Loaded, TableAlternative } from './parts';
import { RangeToolbar } from './RangePicker';
import type { Co2Saving, DateRange } from './types';
import { ShareBar } from '../../components/ShareBar';
import { savingState } from './saving';

/**
 * The baseline, the actual CO2 and the saving: never the saving without its baseline. Above the
 * baseline, the excess is told as such, not as a negative saving; with neither a baseline nor
 * any CO2 yet, that there is nothing to measure.
 */
export function SavingFigures({
  baseline_kg,
  actual_kg,
  saved_kg,
}: {
  baseline_kg: number;
  actual_kg: number;
  saved_kg: number;
}) {
  const { t } = useTranslation();
  const state = savingState({ baseline_kg, saved_kg });
  return (
    <FigurePanel>
      <Figure
        label={t('analytics.co2.baseline')}
        value={state === 'none' ? t('analytics.co2.noBaselineFigure') : formatKg(baseline_kg)}
        testId="co2-baseline"
      />
      <Figure label={t('analytics.co2.actual')} value={formatKg(actual_kg)} testId="co2-actual" />
      {state === 'none' ? (
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
          {t('analytics.co2.noBaseline')}
        </Typography>
      ) : (
        <Figure
          label={t(state === 'over' ? 'analytics.co2.over' : 'analytics.co2.saved')}
          value={formatKg(state === 'over' ? -saved_kg : Math.max(0, saved_kg))}
          testId="co2-saved"
        />
      )}
    </FigurePanel>
  );
}

export function SavingTotals({ saving }: { saving: Co2Saving }) {
  return <SavingFigures {...saving.totals} />;
}

/** Each month's saving against the monthly CF goal. */
function GoalProgress({ saving }: { saving: Co2Saving }) {
  const { t, i18n } = useTranslation();
  const goal = saving.goal.monthly_kg;
  if (goal === null)
    return (
      <Alert severity="info" role="note">
        {t('analytics.co2.noGoal')}
      </Alert>
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" gutterBottom>
        {t('analytics.co2.goalTitle', { goal: formatKg(goal) })}
      </Typography>
      <Stack spacing={1.5}>
        {saving.goal.months.map((month) => {
          // Above the baseline nothing counts towards the goal: 0 %, not a negative share.
          const share = Math.max(0, month.progress ?? 0);
          const state = savingState(month);
          const text = t(
            {
              none: 'analytics.co2.goalMonthNone',
              over: 'analytics.co2.goalMonthOver',
              saved: 'analytics.co2.goalMonth',
            }[state],
            {
              month: monthLabel(month.month, i18n.language),
              saved: formatKg(Math.abs(month.saved_kg)),
              share: formatShare(share),
            },
          );
          return (
            <Box key={month.month}>
              <Typography variant="body2">{text}</Typography>
              <ShareBar share={share} aria-label={text} />
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

function DaysTable({ saving }: { saving: Co2Saving }) {
  const { t, i18n } = useTranslation();
  // One number of decimals for the whole table, so that each row's saving adds up as shown.
  const kg = tableFigures(
    saving.days.flatMap((day) => [day.baseline_kg, day.actual_kg, day.saved_kg]),
    'kg',
  );
  return (
    <Table size="small" aria-label={t('analytics.co2.table')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('analytics.co2.date')}</TableCell>
          <TableCell align="right">{t('analytics.co2.baseline')}</TableCell>
          <TableCell align="right">{t('analytics.co2.actual')}</TableCell>
          <TableCell align="right">{t('analytics.co2.saved')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {saving.days.map((day) => (
          <TableRow key={day.date}>
            <TableCell>{dayLabel(day.date, i18n.language)}</TableCell>
            <TableCell align="right">{kg(day.baseline_kg)}</TableCell>
            <TableCell align="right">{kg(day.actual_kg)}</TableCell>
            <TableCell align="right">{kg(day.saved_kg)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The days a ranged visualisation shows, as a sentence. */
export function RangeLabel({ range }: { range: DateRange }) {
  const { i18n } = useTranslation();
  return (
    <Typography color="text.secondary" data-testid="range">
      {periodLabel(range.start_date, range.end_date, i18n.language)}
    </Typography>
  );
}

/** `/analytics/co2-savings`: each day's CO2 against the baseline, and the monthly goal. */
export function Co2SavingView() {
  const { t } = useTranslation();
  const { ranged, loading, error, retry } = useRanged('co2-savings');
  return (
    <Stack spacing={2}>
      <RangeToolbar path={endpoints['co2-savings']} file="co2-saving" />
      <Loaded data={ranged} loading={loading} error={error} retry={retry}>
        {({ range: shown, data: saving }) => (
          <Stack spacing={2}>
            <RangeLabel range={shown} />
            <SavingTotals saving={saving} />
            <Alert severity="info" role="note" icon={<InfoOutlinedIcon />} data-testid="co2-method">
              {methodText(saving, t)}
            </Alert>
            <GoalProgress saving={saving} />
            <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
              <figure style={{ margin: 0 }}>
                <Co2Chart saving={saving} />
                <Typography component="figcaption" variant="body2" color="text.secondary">
                  {t(
                    {
                      none: 'analytics.co2.captionNone',
                      over: 'analytics.co2.captionOver',
                      saved: 'analytics.co2.caption',
                    }[savingState(saving.totals)],
                    {
                      baseline: formatKg(saving.totals.baseline_kg),
                      actual: formatKg(saving.totals.actual_kg),
                      saved: formatKg(Math.abs(saving.totals.saved_kg)),
                    },
                  )}
                </Typography>
              </figure>
              <TableAlternative>
                <DaysTable saving={saving} />
              </TableAlternative>
            </Paper>
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
