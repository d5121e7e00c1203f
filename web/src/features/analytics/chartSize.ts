// Apart from the charts, so that their loading skeletons take the same room without loading recharts.
/** A chart's height on a page. */
export const CHART_HEIGHT = 320;
/** The height of a card's small chart. */
export const COMPACT_HEIGHT = 140;
