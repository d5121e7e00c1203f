import {
  cloneLayout,
  moveElement,
  verticalCompactor,
  type Layout,
  type LayoutItem,
} from 'react-grid-layout';

/** The home screen's widgets, in their default reading order. */
export const WIDGETS = [
  'today',
  'budget',
  'co2',
  'chart',
  'rooms',
  'temperatures',
  'schedules',
  'notifications',
] as const;
export type WidgetId = (typeof WIDGETS)[number];

/** Local storage key of the saved layout (spec §9). */
export const WIDGETS_KEY = 'widgets';

/** Three columns on large screens, two on medium ones, one on small ones (container px). */
export const BREAKPOINTS = { lg: 960, md: 560, sm: 0 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
export const COLS: Record<Breakpoint, number> = { lg: 3, md: 2, sm: 1 };
/** Widget heights, in rows (spec §9: 1 to 4). */
export const HEIGHT = { min: 1, max: 4 } as const;

/** A widget's place, as spec §3 names a layout item's fields. */
export interface Placement {
  id: WidgetId;
  x: number;
  y: number;
  w: number;
  h: number;
}
export type Layouts = Record<Breakpoint, Placement[]>;

const place = (id: WidgetId, x: number, y: number, w: number, h: number): Placement => ({
  id,
  x,
  y,
  w,
  h,
});

export const DEFAULT_LAYOUTS: Layouts = {
  lg: [
    place('today', 0, 0, 1, 2),
    place('budget', 1, 0, 1, 2),
    place('co2', 2, 0, 1, 2),
    place('chart', 0, 2, 2, 4),
    place('rooms', 2, 2, 1, 4),
    // The short ones stacked beside the insights, wide so that each reads in a line or two.
    place('temperatures', 0, 6, 1, 1),
    place('schedules', 0, 7, 1, 1),
    place('notifications', 1, 6, 2, 2),
  ],
  md: [
    place('today', 0, 0, 1, 2),
    place('budget', 1, 0, 1, 2),
    place('co2', 0, 2, 1, 2),
    place('temperatures', 1, 2, 1, 1),
    place('schedules', 1, 3, 1, 1),
    place('chart', 0, 4, 2, 4),
    place('rooms', 0, 8, 1, 4),
    place('notifications', 1, 8, 1, 4),
  ],
  sm: [
    place('today', 0, 0, 1, 2),
    place('budget', 0, 2, 1, 2),
    place('co2', 0, 4, 1, 2),
    place('chart', 0, 6, 1, 4),
    // On a phone the lists get the full height: a list cut short there shows no scroll bar.
    place('rooms', 0, 10, 1, 4),
    place('temperatures', 0, 14, 1, 1),
    place('schedules', 0, 15, 1, 1),
    place('notifications', 0, 16, 1, 4),
  ],
};

const isWidget = (value: unknown): value is WidgetId =>
  typeof value === 'string' && (WIDGETS as readonly string[]).includes(value);

const whole = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

const overlap = (a: Placement, b: Placement) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** One breakpoint's saved layout if it places every widget once, inside the grid, apart. */
function checked(saved: unknown, cols: number): Placement[] | null {
  if (!Array.isArray(saved) || saved.length !== WIDGETS.length) return null;
  const placements: Placement[] = [];
  for (const item of saved as Partial<Record<keyof Placement, unknown>>[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { id, x, y, w, h } = item;
    if (!isWidget(id) || placements.some((other) => other.id === id)) return null;
    if (!whole(w, 1, cols) || !whole(x, 0, cols - w) || !whole(y, 0, 1000)) return null;
    if (!whole(h, HEIGHT.min, HEIGHT.max)) return null;
    const placement = { id, x, y, w, h };
    if (placements.some((other) => overlap(other, placement))) return null;
    placements.push(placement);
  }
  return placements;
}

/** The saved layouts; any breakpoint's that is missing or not a valid layout is the default. */
export function loadLayouts(storage: Storage = localStorage): Layouts {
  let saved: Partial<Record<Breakpoint, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(WIDGETS_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) saved = parsed;
  } catch {
    // Not JSON: the defaults.
  }
  const layout = (breakpoint: Breakpoint) =>
    checked(saved[breakpoint], COLS[breakpoint]) ?? DEFAULT_LAYOUTS[breakpoint];
  return { lg: layout('lg'), md: layout('md'), sm: layout('sm') };
}

export function saveLayouts(layouts: Layouts, storage: Storage = localStorage) {
  storage.setItem(WIDGETS_KEY, JSON.stringify(layouts));
}

/** Forgets the saved layouts: the defaults again. */
export function resetLayouts(storage: Storage = localStorage): Layouts {
  storage.removeItem(WIDGETS_KEY);
  return DEFAULT_LAYOUTS;
}

/** The grid's items for `placements`, shown mirrored in right-to-left pages. */
export function toGrid(placements: Placement[], cols: number, rtl: boolean): LayoutItem[] {
  return placements.map(({ id, x, y, w, h }) => ({
    i: id,
    x: rtl ? cols - x - w : x,
    y,
    w,
    h,
    minW: 1,
    minH: HEIGHT.min,
    maxH: HEIGHT.max,
  }));
}

/** The placements of the grid's items (mirrored back from a right-to-left page). */
export function fromGrid(layout: Layout, cols: number, rtl: boolean): Placement[] {
  return WIDGETS.flatMap((id) => {
    const item = layout.find((candidate) => candidate.i === id);
    if (!item) return [];
    const { x, y, w, h } = item;
    return [{ id, x: rtl ? cols - x - w : x, y, w, h }];
  });
}

/** Reading order: row by row, each row from its start. */
export const byReadingOrder = (a: Placement, b: Placement) => a.y - b.y || a.x - b.x;

export type Step = 'up' | 'down' | 'start' | 'end' | 'taller' | 'shorter' | 'wider' | 'narrower';

/** The nearest widget above (or below) `item` that shares a column with it. */
function neighbour(items: LayoutItem[], item: LayoutItem, below: boolean) {
  const sharing = items.filter(
    (other) =>
      other.i !== item.i &&
      other.x < item.x + item.w &&
      item.x < other.x + other.w &&
      (below ? other.y >= item.y + item.h : other.y + other.h <= item.y),
  );
  sharing.sort((a, b) => (below ? a.y - b.y : b.y - a.y));
  return sharing[0];
}

/**
 * A widget moved or resized by one step from the keyboard: up and down swap it with its
 * neighbour in the column, start and end move it a column, the rest change its size.
 */
export function stepWidget(placements: Placement[], id: WidgetId, step: Step, cols: number) {
  let items = cloneLayout(toGrid(placements, cols, false)) as LayoutItem[];
  const item = items.find((candidate) => candidate.i === id);
  if (!item) return placements;
  const move = (target: LayoutItem, x: number, y: number) => {
    items = moveElement(items, target, x, y, true, false, 'vertical', cols);
  };
  const resized = (changes: Partial<LayoutItem>) => {
    items = items.map((other) => (other.i === id ? { ...other, ...changes } : other));
  };
  switch (step) {
    case 'up': {
      const above = neighbour(items, item, false);
      if (above) move(item, item.x, above.y);
      break;
    }
    case 'down': {
      const below = neighbour(items, item, true);
      if (below) move(below, below.x, item.y);
      break;
    }
    case 'start':
      move(item, Math.max(0, item.x - 1), item.y);
      break;
    case 'end':
      move(item, Math.min(cols - item.w, item.x + 1), item.y);
      break;
    case 'taller':
      resized({ h: Math.min(HEIGHT.max, item.h + 1) });
      break;
    case 'shorter':
      resized({ h: Math.max(HEIGHT.min, item.h - 1) });
      break;
    case 'wider':
      resized({ w: Math.min(cols - item.x, item.w + 1) });
      break;
    case 'narrower':
      resized({ w: Math.max(1, item.w - 1) });
      break;
  }
  return fromGrid(verticalCompactor.compact(items, cols), cols, false);
}
