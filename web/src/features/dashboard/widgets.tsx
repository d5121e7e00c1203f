import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Figure } from '../../components/Figure';
import { paths } from '../../config/paths';
import { formatCelsius, formatDay } from '../../lib/format';
import { formatKg, formatKwh, formatPence, formatShare } from '../../lib/units';
import { EnergyChart, savingState, type EnergyHistory } from '../analytics';
import type { ClosedDays } from '../schedules';
import type { Dashboard } from './types';
import { ShareBar } from '../../components/ShareBar';

/** A link to another page, in a widget. */
export function WidgetLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Link>
  );
}

export function TodayWidget({ today }: { today: Dashboard['today'] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Figure
        label={t('dashboard.today.energy')}
        value={formatKwh(today.kwh)}
        testId="today-energy"
      />
      <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
        <Figure
          small
          label={t('dashboard.today.cost')}
          value={formatPence(today.cost_pence)}
          testId="today-cost"
        />
        <Figure small label={t('dashboard.today.co2')} value={formatKg(today.co2_kg)} />
      </Stack>
    </Stack>
  );
}

/** A round gauge of a share (1 = full), with the share in its middle. */
function Gauge({
  share,
  label,
  color,
}: {
  share: number;
  label: string;
  color: 'primary' | 'warning' | 'error';
}) {
  const size = 96;
  return (
    <Box sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={size}
        thickness={5}
        sx={{ color: 'divider', position: 'absolute' }}
        aria-hidden
      />
      <CircularProgress
        variant="determinate"
        value={Math.min(100, share * 100)}
        size={size}
        thickness={5}
        color={color}
        sx={{ position: 'absolute' }}
        aria-label={label}
        aria-valuetext={formatShare(share)}
      />
      <Typography
        variant="h3"
        component="span"
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
      >
        {formatShare(share)}
      </Typography>
    </Box>
  );
}

export function BudgetWidget({ month }: { month: Dashboard['month'] }) {
  const { t } = useTranslation();
  const budget = month.budget_pence;
  const forecast = t('dashboard.budget.forecast', { value: formatPence(month.forecast_pence) });
  if (!budget)
    return (
      <Stack spacing={1}>
        <Figure
          label={t('dashboard.budget.spent')}
          value={formatPence(month.cost_pence)}
          testId="month-cost"
        />
        <Typography variant="body2">{forecast}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.budget.none')}{' '}
          <WidgetLink to={paths.preferencesEnergyUsage}>{t('dashboard.budget.set')}</WidgetLink>
        </Typography>
      </Stack>
    );
  const used = month.budget_used ?? month.cost_pence / budget;
  const spentOver = month.cost_pence - budget;
  const over = month.forecast_pence - budget;
  const color = used >= 1 ? 'error' : over > 0 ? 'warning' : 'primary';
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
      <Gauge share={used} label={t('dashboard.budget.used')} color={color} />
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Figure
          label={t('dashboard.budget.spent')}
          value={formatPence(month.cost_pence)}
          testId="month-cost"
        />
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.budget.of', { value: formatPence(budget) })}
        </Typography>
        <Typography variant="body2">{forecast}</Typography>
        <Typography
          variant="body2"
          sx={{
            color: over > 0 ? 'warning.main' : 'text.secondary',
            fontWeight: over > 0 ? 700 : 400,
          }}
        >
          {spentOver > 0
            ? t('dashboard.budget.spentOver', { value: formatPence(spentOver) })
            : over > 0
              ? t('dashboard.budget.over', { value: formatPence(over) })
              : t('dashboard.budget.within')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** CO2 saved this month, always beside the baseline it is measured against, and the CF goal. */
export function Co2Widget({ co2 }: { co2: Dashboard['co2_saved'] }) {
  const { t } = useTranslation();
  const state = savingState(co2);
  const saved = state === 'saved';
  // Above the baseline nothing counts towards the goal: 0 %, not a negative share.
  const progress = Math.max(0, co2.progress ?? 0);
  return (
    <Stack spacing={1.5}>
      {state !== 'none' ? (
        <Figure
          label={saved ? t('dashboard.co2.saved') : t('dashboard.co2.above')}
          value={formatKg(saved ? Math.max(0, co2.saved_kg) : -co2.saved_kg)}
          testId="co2-saved"
        >
          <Typography variant="body2" color="text.secondary" data-testid="co2-baseline">
            {t('dashboard.co2.against', {
              baseline: formatKg(co2.baseline_kg),
              actual: formatKg(co2.actual_kg),
            })}
          </Typography>
        </Figure>
      ) : (
        // A new business: nothing to measure until its first working hours are counted.
        <Typography variant="body2" data-testid="co2-no-baseline">
          {t('dashboard.co2.noBaseline')}
        </Typography>
      )}
      {co2.goal_kg ? (
        <Box>
          <Typography variant="body2" id="cf-goal-label" sx={{ mb: 0.5 }}>
            {t('dashboard.co2.goal', {
              share: formatShare(progress),
              goal: formatKg(co2.goal_kg),
            })}
          </Typography>
          <ShareBar share={progress} aria-labelledby="cf-goal-label" />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.co2.noGoal')}{' '}
          <WidgetLink to={paths.preferencesCo2Savings}>{t('dashboard.co2.setGoal')}</WidgetLink>
        </Typography>
      )}
    </Stack>
  );
}

export function TemperaturesWidget({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
      <Figure
        small
        label={t('dashboard.temperatures.outdoor')}
        value={formatCelsius(dashboard.outdoor_temperature)}
        testId="outdoor-temperature"
      />
      <Figure
        small
        label={
          dashboard.indoor_temperature === null
            ? t('dashboard.temperatures.noIndoor')
            : t('dashboard.temperatures.indoor')
        }
        value={formatCelsius(dashboard.indoor_temperature)}
        testId="indoor-temperature"
      />
    </Stack>
  );
}

/** How many schedules are on, and the closed days under way or next to come. */
export function SchedulesWidget({ count, closed }: { count: number; closed: ClosedDays | null }) {
  const { t, i18n } = useTranslation();
  // A one-row widget beside the figure: the day and month say it (a closure is within a year).
  const day = (date: string) => formatDay(date, i18n.language, { withYear: false });
  // The viewer's today: a day either side of the business's only around its midnight.
  const today = dayjs().format('YYYY-MM-DD');
  return (
    // Side by side: a one-row widget holds two lines under its title.
    <Stack direction="row" sx={{ gap: 3, alignItems: 'flex-start' }}>
      <Figure
        small
        label={t('dashboard.schedules.on')}
        value={String(count)}
        testId="active-schedules"
      />
      {closed && (
        <Box sx={{ minWidth: 0 }} data-testid="closed-days" title={closed.name}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {closed.first_date <= today
              ? t('dashboard.schedules.closedNow', { last: day(closed.last_date) })
              : t('dashboard.schedules.closedNext', { first: day(closed.first_date) })}
          </Typography>
          <Typography noWrap sx={{ fontWeight: 500 }}>
            <bdi>{closed.name}</bdi>
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

/** This week's energy beside last week's, and the week so far against last week to the same point. */
export function WeekWidget({ week }: { week: EnergyHistory }) {
  const { t } = useTranslation();
  return (
    // The chart takes the height the summary leaves, however tall the widget is made.
    <figure style={{ margin: 0, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <EnergyChart history={week} metric="kwh" fill />
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {week.previous_so_far
          ? t('dashboard.chart.summary', {
              current: formatKwh(week.totals.kwh),
              cost: formatPence(week.totals.cost_pence),
              samePoint: formatKwh(week.previous_so_far.kwh),
              previous: formatKwh(week.previous.totals.kwh),
            })
          : t('dashboard.chart.summaryNew', {
              current: formatKwh(week.totals.kwh),
              cost: formatPence(week.totals.cost_pence),
            })}
      </Typography>
    </figure>
  );
}
