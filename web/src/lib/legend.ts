import type { LegendPayload } from 'recharts';

/** Sorts a chart legend's entries in the order of `keys`, the order its series are drawn in
 *  (recharts sorts them by their translated names otherwise). */
export const inOrder =
  (...keys: string[]) =>
  (item: LegendPayload) =>
    keys.indexOf(String(item.dataKey));
