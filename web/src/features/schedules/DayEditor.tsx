import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Unseen } from '../../components/Unseen';
import { useAnnouncement } from '../../lib/useAnnouncement';
import { HourLabels, HourLines, percent } from './DayScale';
import { SlotFields } from './SlotFields';
import {
  clamp,
  edgeBounds,
  firstFreeSlot,
  freeGap,
  MAX_SLOTS,
  slotRange,
  slotSetpoint,
  snap,
  SNAP_MINUTES,
  type WorkingDay,
  type EditedSlot,
} from './slots';
import { DAY_MINUTES, toClock, toMinutes } from '../../lib/clock';
import { formatCelsius } from '../../lib/format';

type Edge = 'start' | 'end';

/** What the pointer is doing: drawing a new slot from `anchor`, or moving an edge of a slot. */
type Drag =
  | { kind: 'draw'; anchor: number; current: number; low: number; high: number }
  | { kind: Edge; index: number };

/** Minutes a key moves an edge by; left and right as time runs in left-to-right text. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -SNAP_MINUTES,
  ArrowDown: -SNAP_MINUTES,
  ArrowRight: SNAP_MINUTES,
  ArrowUp: SNAP_MINUTES,
  PageDown: -60,
  PageUp: 60,
};
const MIRRORED_KEYS: Record<string, string> = { ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' };

/**
 * The day's time slots on a 24-hour bar: drag on it to draw a slot (15-minute steps), drag a
 * slot's edges to resize it, select a slot to type its times and setpoint or delete it. Every
 * slot and edge takes the focus; the arrow keys move an edge by 15 minutes (Page keys by an
 * hour). In right-to-left text time runs from the right, as on the charts: positions are
 * logical (`insetInlineStart`), and the pointer and the arrow keys are read mirrored.
 */
export function DayEditor({
  slots,
  onChange,
  selected,
  onSelect,
  errors,
  newSetpoint = '21',
  working,
}: {
  slots: EditedSlot[];
  onChange: (slots: EditedSlot[]) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  /** Errors by field (`slots`, `slots.0.start`), text keys or the server's sentences. */
  errors: Partial<Record<string, string>>;
  /** A new slot's setpoint: the business's comfort setpoint. */
  newSetpoint?: string;
  /** The business's working day, where "Add a slot" puts a first slot. */
  working?: WorkingDay;
}) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const id = useId();
  const bar = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const full = slots.length >= MAX_SLOTS;
  const addButton = useRef<HTMLButtonElement>(null);
  // What a slot added or deleted did, said to a screen reader (the focus stays where it was).
  const [said, say] = useAnnouncement();
  // The place of a slot just deleted: the focus goes to the slot now there, else to "Add a slot".
  const deleted = useRef<number | null>(null);
  useEffect(() => {
    const at = deleted.current;
    if (at === null) return;
    deleted.current = null;
    const next = Math.min(at, slots.length - 1);
    const slot = bar.current?.querySelector<HTMLElement>(`[data-slot="${next}"]`);
    (slot ?? addButton.current)?.focus();
  }, [slots]);

  const minuteAt = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    const fromStart = rtl ? box.right - clientX : clientX - box.left;
    return snap((fromStart / box.width) * DAY_MINUTES);
  };

  const update = (index: number, patch: Partial<EditedSlot>) =>
    onChange(slots.map((slot, at) => (at === index ? { ...slot, ...patch } : slot)));

  const add = (start: number, end: number) => {
    const slot = { start: toClock(start), end: toClock(end), setpoint: newSetpoint };
    const next = [...slots, slot].sort(
      (a, b) => (toMinutes(a.start) ?? 0) - (toMinutes(b.start) ?? 0),
    );
    onChange(next);
    onSelect(next.indexOf(slot));
    say(
      t('schedules.editor.added', {
        number: next.indexOf(slot) + 1,
        range: slotRange(slot),
        setpoint: slotSetpoint(slot),
      }),
    );
  };

  const remove = (index: number) => {
    deleted.current = index;
    onChange(slots.filter((_, at) => at !== index));
    onSelect(null);
    say(t('schedules.editor.deleted', { number: index + 1 }));
  };

  const moveEdge = (index: number, edge: Edge, minutes: number) => {
    const bounds = edgeBounds(slots, index)[edge];
    const value = clamp(minutes, bounds.min, bounds.max);
    if (toClock(value) !== slots[index]?.[edge]) update(index, { [edge]: toClock(value) });
  };

  const capture = (event: ReactPointerEvent) => {
    // jsdom has no pointer capture; browsers keep the moves coming to the bar with it.
    bar.current?.setPointerCapture?.(event.pointerId);
  };

  const onBarDown = (event: ReactPointerEvent) => {
    if (event.button !== 0 || full) return;
    const minute = minuteAt(event.clientX);
    const gap = freeGap(slots, Math.min(minute, DAY_MINUTES - 1));
    if (!gap) return;
    event.preventDefault();
    capture(event);
    setDrag({ kind: 'draw', anchor: minute, current: minute, ...gap });
  };

  const onBarMove = (event: ReactPointerEvent) => {
    if (!drag) return;
    const minute = minuteAt(event.clientX);
    if (drag.kind === 'draw') setDrag({ ...drag, current: clamp(minute, drag.low, drag.high) });
    else moveEdge(drag.index, drag.kind, minute);
  };

  const onBarUp = () => {
    if (drag?.kind === 'draw') {
      let start = Math.min(drag.anchor, drag.current);
      let end = Math.max(drag.anchor, drag.current);
      // A click without a drag draws an hour from there, as far as the free time allows.
      if (end - start < SNAP_MINUTES) {
        start = Math.min(drag.anchor, drag.high - SNAP_MINUTES);
        end = Math.min(start + 60, drag.high);
        start = Math.max(drag.low, Math.min(start, end - SNAP_MINUTES));
      }
      if (end - start >= SNAP_MINUTES) add(start, end);
    }
    setDrag(null);
  };

  const onEdgeDown = (event: ReactPointerEvent, index: number, edge: Edge) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    capture(event);
    onSelect(index);
    setDrag({ kind: edge, index });
  };

  const onEdgeKey = (event: KeyboardEvent, index: number, edge: Edge) => {
    const value = toMinutes(slots[index]?.[edge] ?? '');
    if (value === null) return;
    const bounds = edgeBounds(slots, index)[edge];
    const step = KEY_STEPS[(rtl && MIRRORED_KEYS[event.key]) || event.key];
    let next: number | null = null;
    if (step !== undefined) next = value + step;
    else if (event.key === 'Home') next = bounds.min;
    else if (event.key === 'End') next = bounds.max;
    if (next === null) return;
    event.preventDefault();
    moveEdge(index, edge, next);
  };

  const onSlotKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(index);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index);
    }
  };

  const addFirstFree = () => {
    const free = firstFreeSlot(slots, working);
    if (free) add(free.start, free.end);
  };

  const label = (index: number) => {
    const slot = slots[index];
    if (!slot) return '';
    return t('schedules.editor.slot', {
      number: index + 1,
      range: slotRange(slot),
      setpoint: slotSetpoint(slot),
    });
  };
  const hasError = (index: number) =>
    ['start', 'end', 'setpoint'].some((field) => errors[`slots.${index}.${field}`]);
  const chosen = selected !== null ? slots[selected] : undefined;
  const drawing =
    drag?.kind === 'draw' && drag.current !== drag.anchor
      ? { start: Math.min(drag.anchor, drag.current), end: Math.max(drag.anchor, drag.current) }
      : null;

  return (
    <Box>
      <Typography id={`${id}-label`} variant="h3" component="h2" gutterBottom>
        {t('schedules.editor.title')}
      </Typography>
      <Typography id={`${id}-help`} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('schedules.editor.help')}
      </Typography>
      <Box sx={{ px: 1 }}>
        <Box
          ref={bar}
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          data-testid="day-bar"
          onPointerDown={onBarDown}
          onPointerMove={onBarMove}
          onPointerUp={onBarUp}
          onPointerCancel={() => setDrag(null)}
          sx={{
            position: 'relative',
            height: 64,
            borderRadius: 1,
            border: 1,
            borderColor: errors.slots ? 'error.main' : 'divider',
            bgcolor: 'action.hover',
            cursor: full ? 'default' : 'crosshair',
            touchAction: 'none',
            userSelect: 'none',
            overflow: 'visible',
          }}
        >
          <HourLines />
          {slots.map((slot, index) => {
            const start = toMinutes(slot.start);
            const end = toMinutes(slot.end);
            if (start === null || end === null || end <= start) return null;
            const active = index === selected;
            const wrong = hasError(index);
            return (
              <Box key={index} sx={{ display: 'contents' }}>
                <Box
                  role="button"
                  tabIndex={0}
                  aria-label={label(index)}
                  aria-pressed={active}
                  data-testid={`slot-${index}`}
                  data-slot={index}
                  onPointerDown={(event) => {
                    event.stopPropagation();
                    onSelect(index);
                  }}
                  onKeyDown={(event) => onSlotKey(event, index)}
                  style={{ insetInlineStart: percent(start), width: percent(end - start) }}
                  sx={{
                    position: 'absolute',
                    top: 8,
                    bottom: 8,
                    // A 15-minute slot is 4 px on a phone: wide enough to see and tap.
                    minWidth: 10,
                    borderRadius: 1,
                    overflow: 'hidden',
                    cursor: 'pointer',
                    bgcolor: wrong ? 'error.main' : active ? 'primary.dark' : 'primary.main',
                    color: wrong ? 'error.contrastText' : 'primary.contrastText',
                    boxShadow: active ? 3 : 0,
                    outline: active ? '2px solid' : 'none',
                    outlineColor: 'text.primary',
                    outlineOffset: 1,
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary' },
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    whiteSpace: 'nowrap',
                  }}
                >
                  {end - start >= 90 && `${slot.setpoint}°`}
                </Box>
                {(['start', 'end'] as const).map((edge) => {
                  const value = edge === 'start' ? start : end;
                  const bounds = edgeBounds(slots, index)[edge];
                  return (
                    <Box
                      key={edge}
                      role="slider"
                      tabIndex={0}
                      aria-label={t(
                        edge === 'start' ? 'schedules.editor.startOf' : 'schedules.editor.endOf',
                        { number: index + 1 },
                      )}
                      aria-orientation="horizontal"
                      aria-valuemin={bounds.min}
                      aria-valuemax={bounds.max}
                      aria-valuenow={value}
                      aria-valuetext={toClock(value)}
                      data-testid={`slot-${index}-${edge}`}
                      onPointerDown={(event) => onEdgeDown(event, index, edge)}
                      onKeyDown={(event) => onEdgeKey(event, index, edge)}
                      onFocus={() => onSelect(index)}
                      style={{ insetInlineStart: `calc(${percent(value)} - 7px)` }}
                      sx={{
                        position: 'absolute',
                        top: 2,
                        bottom: 2,
                        width: 14,
                        cursor: 'ew-resize',
                        borderRadius: 1,
                        zIndex: 1,
                        display: 'flex',
                        justifyContent: 'center',
                        '&::after': {
                          content: '""',
                          width: 4,
                          borderRadius: 2,
                          bgcolor: active ? 'text.primary' : 'background.paper',
                          border: 1,
                          borderColor: 'text.secondary',
                        },
                        '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary' },
                      }}
                    />
                  );
                })}
              </Box>
            );
          })}
          {drawing && (
            <Box
              aria-hidden
              style={{
                insetInlineStart: percent(drawing.start),
                width: percent(drawing.end - drawing.start),
              }}
              sx={{
                position: 'absolute',
                top: 8,
                bottom: 8,
                borderRadius: 1,
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'primary.main',
                bgcolor: 'action.selected',
              }}
            />
          )}
        </Box>
        <HourLabels />
      </Box>
      {errors.slots && (
        <FormHelperText error id={`${id}-slots-error`}>
          {t(errors.slots)}
        </FormHelperText>
      )}
      <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {slots.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('schedules.editor.none')}
          </Typography>
        )}
        {slots.map((slot, index) => (
          <Chip
            key={index}
            label={`${slotRange(slot)} · ${slotSetpoint(slot)}`}
            color={hasError(index) ? 'error' : index === selected ? 'primary' : 'default'}
            variant={index === selected ? 'filled' : 'outlined'}
            onClick={() => onSelect(index)}
          />
        ))}
        {/* Where the focus goes when the schedule has no slot: told why. */}
        <Button
          ref={addButton}
          id="field-slots"
          size="small"
          startIcon={<AddIcon />}
          disabled={full}
          onClick={addFirstFree}
          aria-describedby={errors.slots ? `${id}-slots-error` : undefined}
        >
          {t('schedules.editor.add')}
        </Button>
        {working && slots.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="add-working-day">
            {t('schedules.editor.addWorkingDay', {
              range: slotRange({ start: toClock(working.start), end: toClock(working.end) }),
              setpoint: formatCelsius(Number(newSetpoint)),
            })}
          </Typography>
        )}
        {full && (
          <Typography variant="body2" color="text.secondary">
            {t('schedules.editor.full')}
          </Typography>
        )}
      </Stack>
      {chosen && selected !== null && (
        <SlotFields
          number={selected + 1}
          slot={chosen}
          name={`slots.${selected}`}
          errors={errors}
          onChange={(patch) => update(selected, patch)}
          onDelete={() => remove(selected)}
        />
      )}
      <Unseen role="status">{said}</Unseen>
    </Box>
  );
}
