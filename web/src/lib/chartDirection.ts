import { useTheme } from '@mui/material/styles';
import { createElement, type ReactNode } from 'react';

/**
 * Axis and legend props that mirror a recharts chart in right-to-left text: time and buckets
 * run from the right, the value axis stands on the right, bars side by side start from the
 * right, and the legend reads from the right, each name to the left of its mark. `edge` is the
 * margin on the side where the axis along the data ends, for its last label to overhang into.
 */
export function useChartDirection() {
  const rtl = useTheme().direction === 'rtl';
  return {
    along: { reversed: rtl },
    across: { orientation: rtl ? ('right' as const) : ('left' as const) },
    edge: (margin: number) => (rtl ? { left: margin, right: 0 } : { left: 0, right: margin }),
    /** Bars side by side in a bucket, first on the left, or on the right in right-to-left text
     *  (recharts keeps their order when the axis is reversed). */
    sideBySide: <T>(bars: T[]) => (rtl ? [...bars].reverse() : bars),
    legend: {
      wrapperStyle: { direction: rtl ? ('rtl' as const) : ('ltr' as const) },
      // recharts leaves its gap on the mark's right, where the name stands only left to right.
      formatter: (name: ReactNode) =>
        rtl ? createElement('span', { style: { marginRight: 4 } }, name) : name,
    },
  };
}
