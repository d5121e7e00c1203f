import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { Unseen } from '../../components/Unseen';
import { useAnnouncement } from '../../lib/useAnnouncement';
import {
  BREAKPOINTS,
  COLS,
  fromGrid,
  byReadingOrder,
  stepWidget,
  toGrid,
  type Breakpoint,
  type Layouts,
  type Step,
  type WidgetId,
} from './layout';
import { HANDLE, WidgetFrame } from './WidgetFrame';

export interface WidgetContent {
  title: string;
  /** A link beside the title. */
  action?: ReactNode;
  content: ReactNode;
}

const ROW_HEIGHT = 110;
const GAP = 16;
/** A little longer than the grid's own move (0.2 s), after which a widget is where it shows. */
const SETTLED_MS = 250;
const breakpoints = Object.keys(BREAKPOINTS) as Breakpoint[];

function breakpointOf(width: number): Breakpoint {
  return breakpoints.find((breakpoint) => width >= BREAKPOINTS[breakpoint]) ?? 'sm';
}

/** The height of a widget `rows` grid rows tall, px. */
const heightOf = (rows: number) => rows * ROW_HEIGHT + (rows - 1) * GAP;

/**
 * The widgets on a responsive grid, in reading order in the page. In edit mode they are dragged
 * by their handles and resized by their corners (or moved and resized with the arrow keys), and
 * each change is handed to `onChange`; otherwise they stay put. On a phone (one column) they
 * stack at their content's height, up to the height set for them, so that no card stands
 * half empty.
 */
export function WidgetGrid({
  layouts,
  editing,
  onChange,
  widgets,
}: {
  layouts: Layouts;
  editing: boolean;
  onChange: (layouts: Layouts) => void;
  widgets: Record<WidgetId, WidgetContent>;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const breakpoint = breakpointOf(width);
  const grid: Record<Breakpoint, Layout> = useMemo(
    () => ({
      lg: toGrid(layouts.lg, COLS.lg, rtl),
      md: toGrid(layouts.md, COLS.md, rtl),
      sm: toGrid(layouts.sm, COLS.sm, rtl),
    }),
    [layouts, rtl],
  );
  // Moving a widget from the keyboard reorders the page; its handle keeps the focus, is scrolled
  // to where the widget went, and where that is is said.
  const refocus = useRef<WidgetId | null>(null);
  const [said, say] = useAnnouncement();
  useEffect(() => {
    const id = refocus.current;
    refocus.current = null;
    const handle = id
      ? document.querySelector<HTMLElement>(`[data-testid="widget-${id}"] .${HANDLE}`)
      : null;
    if (!handle) return;
    handle.focus();
    const settled = window.setTimeout(
      () => handle.scrollIntoView?.({ block: 'nearest' }),
      SETTLED_MS,
    );
    return () => window.clearTimeout(settled);
  }, [layouts]);

  // Saved when a drag or a resize ends (not when the grid merely lays itself out).
  const moved = (layout: Layout) => {
    const next = fromGrid(layout, COLS[breakpoint], rtl);
    if (JSON.stringify(next) !== JSON.stringify(layouts[breakpoint]))
      onChange({ ...layouts, [breakpoint]: next });
  };
  const step = (id: WidgetId) => (move: Step) => {
    refocus.current = id;
    const next = stepWidget(layouts[breakpoint], id, move, COLS[breakpoint]);
    onChange({ ...layouts, [breakpoint]: next });
    const order = next.toSorted(byReadingOrder);
    const placed = order.find((placement) => placement.id === id);
    if (!placed) return;
    const name = widgets[id].title;
    const resized = ['taller', 'shorter', 'wider', 'narrower'].includes(move);
    say(
      resized
        ? t('dashboard.resized', { name, columns: placed.w, of: COLS[breakpoint], rows: placed.h })
        : t('dashboard.moved', { name, place: order.indexOf(placed) + 1, total: order.length }),
    );
  };

  const frame = (id: WidgetId) => (
    <WidgetFrame
      id={id}
      title={widgets[id].title}
      action={widgets[id].action}
      editing={editing}
      onStep={step(id)}
    >
      {widgets[id].content}
    </WidgetFrame>
  );

  const handle = theme.palette.text.secondary;
  return (
    // The grid places its items from the left edge (an item's static place in right-to-left
    // text is the right edge): it is laid out left to right, its columns mirrored for
    // right-to-left pages, and each widget takes the page's direction again.
    <Box
      ref={containerRef}
      dir="ltr"
      data-breakpoint={mounted ? breakpoint : undefined}
      sx={{
        '& .react-grid-item.react-grid-placeholder': {
          background: theme.palette.primary.main,
          borderRadius: 1,
        },
        '& .react-grid-item > .react-resizable-handle': { opacity: 1 },
        '& .react-grid-item > .react-resizable-handle::after': {
          borderColor: handle,
          borderWidth: '0 2px 2px 0',
          width: 8,
          height: 8,
        },
        '@media (prefers-reduced-motion: reduce)': {
          '& .react-grid-item, & .react-grid-layout': { transition: 'none' },
        },
      }}
    >
      {!mounted ? null : breakpoint === 'sm' && !editing ? (
        <Stack spacing={`${GAP}px`}>
          {layouts.sm.toSorted(byReadingOrder).map(({ id, h }) => (
            <Box key={id} sx={{ display: 'flex', flexDirection: 'column', maxHeight: heightOf(h) }}>
              {frame(id)}
            </Box>
          ))}
        </Stack>
      ) : (
        <ResponsiveGridLayout
          width={width}
          breakpoints={BREAKPOINTS}
          cols={COLS}
          layouts={grid}
          rowHeight={ROW_HEIGHT}
          margin={[GAP, GAP]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: editing, handle: `.${HANDLE}` }}
          resizeConfig={{ enabled: editing, handles: [rtl ? 'sw' : 'se'] }}
          onDragStop={moved}
          onResizeStop={moved}
        >
          {layouts[breakpoint].toSorted(byReadingOrder).map(({ id }) => (
            <div key={id}>{frame(id)}</div>
          ))}
        </ResponsiveGridLayout>
      )}
      <Unseen role="status">{said}</Unseen>
    </Box>
  );
}
