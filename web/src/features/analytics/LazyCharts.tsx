import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { lazyPage } from '../../components/lazyPage';
import { CHART_HEIGHT, COMPACT_HEIGHT } from './chartSize';
import type { Co2ChartProps, EnergyChartProps, MeterChartProps, UsageChartProps } from './Charts';

// One chunk holds recharts and the charts; it loads with the first chart shown.
const charts = () => import('./Charts');
const Energy = lazyPage<EnergyChartProps>(() => charts().then((m) => ({ default: m.EnergyChart })));
const Co2 = lazyPage<Co2ChartProps>(() => charts().then((m) => ({ default: m.Co2Chart })));
const Usage = lazyPage<UsageChartProps>(() => charts().then((m) => ({ default: m.UsageChart })));
const Meter = lazyPage<MeterChartProps>(() => charts().then((m) => ({ default: m.MeterChart })));

function Loading({ compact, fill }: { compact?: boolean; fill?: boolean }) {
  if (fill) return <Skeleton variant="rounded" sx={{ flex: 1, minHeight: CHART_HEIGHT }} />;
  return <Skeleton variant="rounded" height={compact ? COMPACT_HEIGHT : CHART_HEIGHT} />;
}

export function EnergyChart(props: EnergyChartProps) {
  return (
    <Suspense fallback={<Loading compact={props.compact} fill={props.fill} />}>
      <Energy {...props} />
    </Suspense>
  );
}

export function Co2Chart(props: Co2ChartProps) {
  return (
    <Suspense fallback={<Loading compact={props.compact} />}>
      <Co2 {...props} />
    </Suspense>
  );
}

export function UsageChart(props: UsageChartProps) {
  return (
    <Suspense fallback={<Loading compact={props.compact} />}>
      <Usage {...props} />
    </Suspense>
  );
}

export function MeterChart(props: MeterChartProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Meter {...props} />
    </Suspense>
  );
}
