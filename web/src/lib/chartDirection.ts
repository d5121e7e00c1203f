import { useTheme } from '@mui/material/styles';

/**
 * Axis props that mirror a recharts chart in right-to-left text: time and buckets run from the
 * right, and the value axis stands on the right. `edge` is the margin on the side where the
 * axis along the data ends, for its last label to overhang into.
 */
export function useChartDirection() {
  const rtl = useTheme().direction === 'rtl';
  return {
    along: { reversed: rtl },
    across: { orientation: rtl ? ('right' as const) : ('left' as const) },
    edge: (margin: number) => (rtl ? { left: margin, right: 0 } : { left: 0, right: margin }),
  };
}
