import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartDirection } from '../../lib/chartDirection';
import { inOrder } from '../../lib/legend';
import { useNow } from '../../lib/useNow';
import { useTooltipStyle } from '../../lib/chartTooltip';
import { CHART_HEIGHT, COMPACT_HEIGHT } from './chartSize';
import { bucketLabel, dayLabel, monthLabel } from './labels';
import {
  co2InBuckets,
  counterpart,
  formatPlotted,
  plotted,
  valueTicks,
  withoutFigures,
  type Metric,
} from './metrics';
import type { Co2Saving, EnergyHistory, PlaceUsage, Span } from './types';

// recharts is large: this module is loaded lazily (LazyCharts.tsx), so the first screen stays
// small. In right-to-left text the charts are mirrored (time and bars run from the right, the
// value axis stands on the right), and they are hidden from screen readers, which get the same
// figures as a sentence and a table.

/** Colours with at least 3:1 contrast on the paper of either theme. */
function useChartStyle() {
  const { palette } = useTheme();
  const { along, across, edge, legend, sideBySide } = useChartDirection();
  const tooltip = useTooltipStyle();
  return {
    along,
    across,
    edge,
    legend,
    sideBySide,
    current: palette.primary.main,
    other: palette.text.secondary,
    grid: palette.divider,
    axis: palette.text.secondary,
    tooltip,
    /** Pairs of bars: with many of them (a month's days) a pair's bars touch, and the gaps
     * between pairs narrow, so that on a phone they stay bars, not hairlines. */
    pairs: (count: number) => (count > 14 ? { barGap: 0, barCategoryGap: '12%' } : {}),
  };
}

// Four decimals at most: a new business's axis may step by 0.0025 kWh, which fewer would show
// as the same figure twice.
const grouped = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 4 });

/** The largest of `values`, those plotted (a bucket to come has none). */
const largest = (values: (number | null)[]) =>
  Math.max(0, ...values.filter((value) => value !== null));

/**
 * The axis of a metric: kWh, £ or kg, wide enough for "12,500 kWh", from 0 past `max` at
 * round steps (at most `most` ticks).
 */
function valueAxis(metric: Metric, axis: string, max: number, most = 5) {
  const unit = metric === 'kwh' ? ' kWh' : ' kg';
  const ticks = valueTicks(max, most);
  return {
    tickFormatter: (value: number) =>
      metric === 'cost_pence' ? `£${grouped(value)}` : `${grouped(value)}${unit}`,
    stroke: axis,
    width: 88,
    ticks,
    domain: [0, ticks.at(-1) ?? 1],
    interval: 0 as const,
  };
}

const tooltipValue = (metric: Metric) => (value: unknown) =>
  typeof value === 'number' ? formatPlotted(value, metric) : String(value);

/**
 * A chart's box, `height` high, or with `fill` the height its flex column leaves (never under
 * the full height). The chart is hidden from screen readers, which read its figures in the
 * text and table beside it; so each chart also leaves the tab order (`accessibilityLayer=
 * {false}`), where it would be a stop that says nothing.
 */
function Frame({ height, children }: { height: number | 'fill'; children: ReactElement }) {
  if (height !== 'fill')
    return (
      <div style={{ width: '100%', height }} aria-hidden dir="ltr">
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    );
  // A flex item's height is not one a percentage can take where the column itself has no set
  // height (the phone's stacked dashboard): the chart fills the item from its edges instead.
  return (
    <div style={{ width: '100%', flex: 1, minHeight: CHART_HEIGHT, position: 'relative' }}>
      <div style={{ position: 'absolute', inset: 0 }} aria-hidden dir="ltr">
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
    </div>
  );
}

/** A period's buckets along the axis, named as `bucketLabel` names them. */
function bucketAxis(span: Span, data: { label: string; tick: string }[]) {
  // By label: recharts numbers only the ticks it draws, so an index would name the wrong bucket.
  const ticks = new Map(data.map(({ label, tick }) => [label, tick]));
  return {
    dataKey: 'label',
    minTickGap: 8,
    // All seven days even on a phone (recharts would drop some to keep its gap), by their
    // narrow names there; the tooltip keeps the short ones. Hours, days and months at even
    // steps from the first, not as they happen to fit.
    interval: span === 'week' ? 0 : ('equidistantPreserveStart' as const),
    tickFormatter: (label: string) => ticks.get(label) ?? label,
    tick: { fontSize: 12 },
  };
}

export interface EnergyChartProps {
  history: EnergyHistory;
  metric: Metric;
  /** The small chart of a card: this period only, no legend. */
  compact?: boolean;
  /** Grows to the height of the flex column it stands in (a dashboard widget). */
  fill?: boolean;
}

/** This period's buckets beside the period before's. */
export function EnergyChart({ history, metric, compact = false, fill = false }: EnergyChartProps) {
  const { t, i18n } = useTranslation();
  const style = useChartStyle();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const now = useNow();
  const data = history.buckets.map((bucket, index) => {
    const before = counterpart(history, bucket);
    return {
      label: bucketLabel(bucket.start, history.type, i18n.language),
      tick: bucketLabel(bucket.start, history.type, i18n.language, phone ? 'narrow' : 'short'),
      // A bucket still to come, or from before the business began, has no bar (nor a 0 in the
      // tooltip).
      current: withoutFigures(history, index, now) ? null : plotted(bucket, metric),
      previous: before ? plotted(before, metric) : null,
    };
  });
  return (
    <Frame height={fill ? 'fill' : compact ? COMPACT_HEIGHT : CHART_HEIGHT}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, bottom: 0, ...style.edge(8) }}
        {...style.pairs(data.length)}
      >
        {!compact && <CartesianGrid stroke={style.grid} vertical={false} />}
        <XAxis {...bucketAxis(history.type, data)} stroke={style.axis} {...style.along} />
        <YAxis
          {...valueAxis(metric, style.axis, largest(data.flatMap((d) => [d.current, d.previous])))}
          hide={compact}
          {...style.across}
        />
        <Tooltip formatter={tooltipValue(metric)} {...style.tooltip} />
        {!compact && <Legend itemSorter={inOrder('previous', 'current')} {...style.legend} />}
        {style.sideBySide([
          // No bars, nor a legend entry, for a period before the business began.
          !compact && history.previous.buckets.length > 0 && (
            <Bar
              key="previous"
              isAnimationActive={false}
              dataKey="previous"
              name={t(`analytics.energy.previous.${history.type}`)}
              fill={style.other}
            />
          ),
          <Bar
            key="current"
            isAnimationActive={false}
            dataKey="current"
            name={t(`analytics.energy.current.${history.type}`)}
            fill={style.current}
          />,
        ])}
      </BarChart>
    </Frame>
  );
}

/** `co2InBuckets`, each bucket named as the energy chart beside it names its own. */
function co2Buckets(saving: Co2Saving, along: EnergyHistory, language: string, phone: boolean) {
  return co2InBuckets(saving, along).map(({ start, baseline, actual }) => ({
    label: bucketLabel(start, along.type, language),
    tick: bucketLabel(start, along.type, language, phone ? 'narrow' : 'short'),
    baseline,
    actual,
  }));
}

/** Days, or months over a long range: the baseline beside the actual CO2. */
function co2Points(saving: Co2Saving, language: string) {
  if (saving.days.length <= 62)
    return saving.days.map((day) => ({
      label: dayLabel(day.date, language, true),
      baseline: day.baseline_kg,
      actual: day.actual_kg,
    }));
  const months = new Map<string, { baseline: number; actual: number }>();
  for (const day of saving.days) {
    const month = months.get(day.date.slice(0, 7)) ?? { baseline: 0, actual: 0 };
    month.baseline += day.baseline_kg;
    month.actual += day.actual_kg;
    months.set(day.date.slice(0, 7), month);
  }
  return [...months].map(([month, sums]) => ({
    label: monthLabel(month, language),
    baseline: Math.round(sums.baseline * 1000) / 1000,
    actual: Math.round(sums.actual * 1000) / 1000,
  }));
}

export interface Co2ChartProps {
  saving: Co2Saving;
  compact?: boolean;
  /**
   * The energy history charted beside it: its buckets, named alike, when they are days or
   * months (a day's hours have no baseline of their own, so a day stays one pair of bars).
   */
  along?: EnergyHistory;
}

export function Co2Chart({ saving, compact = false, along }: Co2ChartProps) {
  const { t, i18n } = useTranslation();
  const style = useChartStyle();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const span = along && along.type !== 'day' ? along.type : null;
  const buckets = along && span ? co2Buckets(saving, along, i18n.language, phone) : null;
  const data: { label: string; baseline: number | null; actual: number | null }[] =
    buckets ?? co2Points(saving, i18n.language);
  return (
    <Frame height={compact ? COMPACT_HEIGHT : CHART_HEIGHT}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, bottom: 0, ...style.edge(8) }}
        {...style.pairs(data.length)}
      >
        {!compact && <CartesianGrid stroke={style.grid} vertical={false} />}
        {buckets && span ? (
          <XAxis {...bucketAxis(span, buckets)} stroke={style.axis} {...style.along} />
        ) : (
          <XAxis
            dataKey="label"
            stroke={style.axis}
            minTickGap={12}
            // Days at even steps (every 4th, say), not as they happen to fit.
            interval="equidistantPreserveStart"
            tick={{ fontSize: 12 }}
            hide={compact}
            {...style.along}
          />
        )}
        <YAxis
          {...valueAxis('co2_kg', style.axis, largest(data.flatMap((d) => [d.baseline, d.actual])))}
          hide={compact}
          {...style.across}
        />
        <Tooltip formatter={tooltipValue('co2_kg')} {...style.tooltip} />
        {!compact && <Legend itemSorter={inOrder('baseline', 'actual')} {...style.legend} />}
        {style.sideBySide([
          <Bar
            key="baseline"
            isAnimationActive={false}
            dataKey="baseline"
            name={t('analytics.co2.baseline')}
            fill={style.other}
          />,
          <Bar
            key="actual"
            isAnimationActive={false}
            dataKey="actual"
            name={t('analytics.co2.actual')}
            fill={style.current}
          />,
        ])}
      </BarChart>
    </Frame>
  );
}

export interface UsageChartProps {
  places: PlaceUsage[];
  metric: Metric;
  compact?: boolean;
}

/** Each room's or zone's figure, as horizontal bars, largest first. */
export function UsageChart({ places, metric, compact = false }: UsageChartProps) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const data = [...places]
    .sort((a, b) => b[metric] - a[metric])
    .slice(0, compact ? 4 : undefined)
    .map((place) => ({ name: place.name, value: plotted(place, metric) }));
  const rows = compact ? 4 : data.length;
  return (
    <Frame height={compact ? COMPACT_HEIGHT : Math.max(160, rows * 36 + 48)}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        // Room at the values' end for half of the last label ("1,000 kWh"), which centres there.
        margin={{ top: 8, bottom: 0, ...style.edge(40) }}
      >
        {!compact && <CartesianGrid stroke={style.grid} horizontal={false} />}
        <XAxis
          type="number"
          // Beside the names, a phone has room for two labels across ("0 kWh", "4,000 kWh").
          {...valueAxis(metric, style.axis, largest(data.map((d) => d.value)), phone ? 2 : 5)}
          width={undefined}
          hide={compact}
          {...style.along}
        />
        <YAxis
          type="category"
          dataKey="name"
          stroke={style.axis}
          width={compact ? 96 : 128}
          tick={{ fontSize: compact ? 12 : 14 }}
          {...style.across}
        />
        <Tooltip formatter={tooltipValue(metric)} {...style.tooltip} />
        <Bar
          isAnimationActive={false}
          dataKey="value"
          name={t(`analytics.metric.${metric}`)}
          fill={style.current}
        />
      </BarChart>
    </Frame>
  );
}

export interface MeterChartProps {
  /** Half-hours of import: start (ISO 8601) and kWh. */
  readings: { start: string; kwh: number }[];
}

/** A smart meter's half-hours as bars, labelled by day. */
export function MeterChart({ readings }: MeterChartProps) {
  const { i18n } = useTranslation();
  const style = useChartStyle();
  // Starts are local times with their offset: a day's label stands at its first half-hour.
  const day = (start: string) => dayLabel(start.slice(0, 10), i18n.language, true);
  const midnights = readings
    .map((reading) => reading.start)
    .filter((start) => start.slice(11, 16) === '00:00');
  return (
    <Frame height={260}>
      <BarChart
        accessibilityLayer={false}
        data={readings}
        margin={{ top: 8, bottom: 0, ...style.edge(8) }}
        barCategoryGap={0}
      >
        <CartesianGrid stroke={style.grid} vertical={false} />
        <XAxis
          dataKey="start"
          stroke={style.axis}
          ticks={midnights}
          // A phone has room for every other day or so: labels never run into each other.
          interval="equidistantPreserveStart"
          minTickGap={4}
          tickFormatter={day}
          tick={{ fontSize: 12 }}
          {...style.along}
        />
        <YAxis
          {...valueAxis('kwh', style.axis, largest(readings.map((reading) => reading.kwh)))}
          {...style.across}
        />
        <Tooltip
          formatter={tooltipValue('kwh')}
          labelFormatter={(start) => `${day(String(start))} ${String(start).slice(11, 16)}`}
          {...style.tooltip}
        />
        <Bar isAnimationActive={false} dataKey="kwh" fill={style.current} />
      </BarChart>
    </Frame>
  );
}
