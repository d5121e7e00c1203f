import {
  COLS,
  DEFAULT_LAYOUTS,
  fromGrid,
  loadLayouts,
  byReadingOrder,
  saveLayouts,
  stepWidget,
  toGrid,
  WIDGETS_KEY,
  type Layouts,
  type Placement,
} from './layout';

/** The widgets in reading order. */
const ids = (placements: Placement[]) => placements.toSorted(byReadingOrder).map(({ id }) => id);

const moved: Layouts = {
  ...DEFAULT_LAYOUTS,
  sm: DEFAULT_LAYOUTS.sm.map((placement) =>
    placement.id === 'today' ? { ...placement, y: 20 } : placement,
  ),
};

describe('the widget layout', () => {
  it('is the default until one is saved, and reads back what was saved', () => {
    expect(loadLayouts()).toEqual(DEFAULT_LAYOUTS);
    saveLayouts(moved);
    expect(JSON.parse(localStorage.getItem(WIDGETS_KEY) ?? '')).toEqual(moved);
    expect(loadLayouts()).toEqual(moved);
  });

  it.each([
    ['not JSON', '{"lg": [', ['lg', 'md', 'sm']],
    ['not an object', '42', ['lg', 'md', 'sm']],
    ['a widget missing', { sm: DEFAULT_LAYOUTS.sm.slice(1) }, ['sm']],
    [
      'an unknown widget',
      { md: [...DEFAULT_LAYOUTS.md.slice(1), { id: 'x', x: 0, y: 0, w: 1, h: 1 }] },
      ['md'],
    ],
    ['a widget twice', { sm: [...DEFAULT_LAYOUTS.sm.slice(1), DEFAULT_LAYOUTS.sm[1]] }, ['sm']],
    ['a height of 5', { lg: DEFAULT_LAYOUTS.lg.map((p, i) => (i ? p : { ...p, h: 5 })) }, ['lg']],
    [
      'a width beyond the grid',
      { md: DEFAULT_LAYOUTS.md.map((p, i) => (i ? p : { ...p, x: 1, w: 2 })) },
      ['md'],
    ],
    ['a fraction', { lg: DEFAULT_LAYOUTS.lg.map((p, i) => (i ? p : { ...p, y: 0.5 })) }, ['lg']],
    [
      'two widgets overlapping',
      { lg: DEFAULT_LAYOUTS.lg.map((p, i) => (i === 1 ? { ...p, x: 0 } : p)) },
      ['lg'],
    ],
  ])('falls back to the defaults where the saved one has %s', (_, saved, broken) => {
    const stored = { ...moved, ...(typeof saved === 'string' ? {} : saved) };
    localStorage.setItem(WIDGETS_KEY, typeof saved === 'string' ? saved : JSON.stringify(stored));
    const loaded = loadLayouts();
    for (const breakpoint of ['lg', 'md', 'sm'] as const) {
      const expected = broken.includes(breakpoint) ? DEFAULT_LAYOUTS : moved;
      expect(loaded[breakpoint]).toEqual(expected[breakpoint]);
    }
  });

  it('is shown mirrored on right-to-left pages and read back unmirrored', () => {
    const grid = toGrid(DEFAULT_LAYOUTS.lg, 3, true);
    expect(grid.find((item) => item.i === 'today')).toMatchObject({ x: 2, w: 1 });
    expect(grid.find((item) => item.i === 'chart')).toMatchObject({ x: 1, w: 2 });
    expect(fromGrid(grid, 3, true)).toEqual(DEFAULT_LAYOUTS.lg);
  });

  it('moves and resizes a widget a step at a time from the keyboard', () => {
    const sm = DEFAULT_LAYOUTS.sm;
    expect(ids(stepWidget(sm, 'budget', 'up', 1)).slice(0, 3)).toEqual(['budget', 'today', 'co2']);
    expect(ids(stepWidget(sm, 'budget', 'down', 1)).slice(0, 3)).toEqual([
      'today',
      'co2',
      'budget',
    ]);
    const lg = DEFAULT_LAYOUTS.lg;
    const taller = stepWidget(lg, 'today', 'taller', 3);
    expect(taller.find((p) => p.id === 'today')).toMatchObject({ h: 3 });
    // The widget below makes room.
    expect(taller.find((p) => p.id === 'chart')).toMatchObject({ y: 3 });
    expect(stepWidget(lg, 'today', 'end', 3).find((p) => p.id === 'today')).toMatchObject({ x: 1 });
    const tallest = [1, 2, 3].reduce((layout) => stepWidget(layout, 'today', 'taller', 3), lg);
    expect(tallest.find((p) => p.id === 'today')).toMatchObject({ h: 4 });
  });
});

describe('the default layouts', () => {
  it.each(['lg', 'md', 'sm'] as const)('leave no hole on %s', (breakpoint) => {
    const layout = DEFAULT_LAYOUTS[breakpoint];
    const rows = Math.max(...layout.map(({ y, h }) => y + h));
    const cells = layout.reduce((sum, { w, h }) => sum + w * h, 0);
    const apart = (a: Placement, b: Placement) =>
      a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
    layout.forEach((a, i) => layout.slice(i + 1).forEach((b) => expect(apart(a, b)).toBe(true)));
    // Apart, and as many cells as their rows have: every cell is covered.
    expect(cells).toBe(rows * COLS[breakpoint]);
  });
});
