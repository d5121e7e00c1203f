import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { lazyPage } from '../../components/lazyPage';
import type { Co2ChartProps, EnergyChartProps, MeterChartProps, UsageChartProps } from './Charts';

// One chunk holds recharts and the charts; it loads with the first chart shown.
const charts = () => import('./Charts');
const Energy = lazyPage<EnergyChartProps>(() => charts().then((m) => ({ default: m.EnergyChart })));
const Co2 = lazyPage<Co2ChartProps>(() => charts().then((m) => ({ default: m.Co2Chart })));
const Usage = lazyPage<UsageChartProps>(() => charts().then((m) => ({ default: m.UsageChart })));
const Meter = lazyPage<MeterChartProps>(() => charts().then((m) => ({ default: m.MeterChart })));

function Loading({ compact }: { compact?: boolean }) {
  return <Skeleton variant="rounded" height={compact ? 140 : 320} />;
}

export function EnergyChart(props: EnergyChartProps) {
  return (
    <Suspense fallback={<Loading compact={props.compact} />}>
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
