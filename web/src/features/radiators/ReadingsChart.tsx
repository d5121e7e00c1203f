import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartDirection } from '../../lib/chartDirection';
import { useTooltipStyle } from '../../lib/chartTooltip';
import { inOrder } from '../../lib/legend';
import { dateLocale, formatCelsius, ltr } from '../../lib/format';
import { niceTicks } from '../../lib/ticks';
import { formatCount } from '../../lib/units';
import type { Reading } from './types';

const HOUR_MS = 3_600_000;

/** Ticks on the whole hours, every `step` hours of the viewer's clock, from `first` to `last`. */
export function hourTicks(first: number, last: number, step: number) {
  const start = new Date(first);
  start.setMinutes(0, 0, 0);
  const ticks: number[] = [];
  for (let at = start.getTime(); at <= last; at += HOUR_MS) {
    if (at >= first && new Date(at).getHours() % step === 0) ticks.push(at);
  }
  return ticks;
}

/**
 * The time axis's ticks from `first` to `last`: every 3 hours over a day, every hour over a
 * few; a new radiator's first readings, with no two whole hours between them, by their times.
 */
export function timeTicks(first: number, last: number) {
  const hourly = hourTicks(first, last, last - first > 8 * HOUR_MS ? 3 : 1);
  return hourly.length >= 2 ? hourly : [...new Set([first, last])];
}

/** Ticks at each midnight of the viewer's clock from `first` to `last`, for a week's chart. */
export function dayTicks(first: number, last: number) {
  const day = new Date(first);
  day.setHours(0, 0, 0, 0);
  const ticks: number[] = [];
  for (day.setDate(day.getDate() + 1); day.getTime() <= last; day.setDate(day.getDate() + 1))
    ticks.push(day.getTime());
  return ticks.length >= 2 ? ticks : timeTicks(first, last);
}

/** At most this many points on the chart: a week of readings (10,080) is thinned to it. */
const MOST_POINTS = 1_200;

/**
 * Readings thinned to at most `MOST_POINTS`: each run of neighbours as one point at its first
 * reading's time, with their mean temperature and the setpoint the run ends on.
 */
export function thinned(readings: Reading[]): Reading[] {
  const run = Math.ceil(readings.length / MOST_POINTS);
  if (run <= 1) return readings;
  const points: Reading[] = [];
  for (let start = 0; start < readings.length; start += run) {
    const part = readings.slice(start, start + run);
    const mean = part.reduce((sum, reading) => sum + reading.temperature, 0) / part.length;
    const [first, last] = [part[0], part[part.length - 1]];
    if (first && last)
      points.push({ ...last, at: first.at, temperature: Math.round(mean * 10) / 10 });
  }
  return points;
}

/**
 * The temperature axis's ticks: from whole degrees at the ends (a degree either side of a flat
 * line), by 1, 2 or 5 degrees, not 2.5.
 */
export function temperatureTicks(values: number[]) {
  const [low, high] = [Math.floor(Math.min(...values)), Math.ceil(Math.max(...values))];
  return low === high
    ? niceTicks(low - 1, high + 1, 8, [1, 2, 5])
    : niceTicks(low, high, 8, [1, 2, 5]);
}

/**
 * The last day's (or `week`'s) temperature and setpoint, with a sentence summing it up for
 * screen readers.
 */
export function ReadingsChart({ readings, week = false }: { readings: Reading[]; week?: boolean }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const tooltip = useTooltipStyle();
  const direction = useChartDirection();
  const hourMinute = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const clock = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    ...(week && { weekday: 'short' }),
    ...hourMinute,
  });
  const dayName = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    weekday: 'short',
    day: 'numeric',
  });
  const time = (at: unknown) => clock.format(Number(at));
  const tick = (at: unknown) => (week ? dayName.format(Number(at)) : time(at));
  if (readings.length === 0)
    return <Typography color="text.secondary">{t('radiators.noReadings')}</Typography>;
  const temperatures = readings.map((reading) => reading.temperature);
  const energyKwh = readings.reduce((sum, reading) => sum + reading.energy_wh, 0) / 1000;
  // A radiator switched off has no target (stored as 0): the line breaks there rather than
  // dropping to 0 °C and squashing the temperatures into the top of the chart.
  const points = thinned(readings).map((reading) => ({
    ...reading,
    at: Date.parse(reading.at),
    setpoint: reading.setpoint > 0 ? reading.setpoint : null,
  }));
  // Off all day: no target line, so the legend names none either.
  const targeted = points.some((point) => point.setpoint !== null);
  const [first, last] = [points[0]?.at ?? 0, points[points.length - 1]?.at ?? 0];
  const ticks = week ? dayTicks(first, last) : timeTicks(first, last);
  const degrees = temperatureTicks(
    points.flatMap((point) => [point.temperature, point.setpoint ?? point.temperature]),
  );
  return (
    <figure style={{ margin: 0 }}>
      {/* Mirrored in right-to-left text, as the analytics charts are; screen readers get the
          caption instead, so the chart is no tab stop either. */}
      <div style={{ width: '100%', height: 280 }} aria-hidden dir="ltr">
        <ResponsiveContainer>
          <LineChart
            accessibilityLayer={false}
            data={points}
            margin={{ top: 8, bottom: 8, ...direction.edge(16) }}
          >
            <CartesianGrid stroke={theme.palette.divider} />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={[first, last]}
              ticks={ticks}
              tickFormatter={tick}
              stroke={theme.palette.text.secondary}
              {...direction.along}
            />
            <YAxis
              unit=" °C"
              domain={[degrees[0] ?? 0, degrees[degrees.length - 1] ?? 1]}
              ticks={degrees}
              // Every tick: recharts would drop the one below the top to give the top room.
              interval={0}
              stroke={theme.palette.text.secondary}
              width={64}
              {...direction.across}
            />
            <Tooltip
              labelFormatter={time}
              formatter={(value) => formatCelsius(Number(value))}
              {...tooltip}
            />
            <Legend itemSorter={inOrder('temperature', 'setpoint')} {...direction.legend} />
            <Line
              type="monotone"
              dataKey="temperature"
              name={t('radiators.current')}
              stroke={theme.palette.secondary.main}
              dot={false}
            />
            {targeted && (
              <Line
                type="stepAfter"
                dataKey="setpoint"
                name={t('radiators.target')}
                stroke={theme.palette.primary.main}
                dot={false}
              />
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {t('radiators.chartSummary', {
          count: readings.length,
          readings: formatCount(readings.length),
          min: formatCelsius(Math.min(...temperatures)),
          max: formatCelsius(Math.max(...temperatures)),
          energy: energyKwh.toFixed(2),
        })}
        {/* The axis spans the readings there are: said when that is well short of the span. */}
        {last - first < (week ? 167 : 23) * HOUR_MS &&
          ` ${t(week ? 'radiators.readingsFromWeek' : 'radiators.readingsFrom', { time: ltr(time(first)) })}`}
      </Typography>
    </figure>
  );
}
