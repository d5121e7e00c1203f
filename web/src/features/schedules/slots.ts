import { DAY_MINUTES, readClock, toMinutes } from '../../lib/clock';
import { formatCelsius, ltr } from '../../lib/format';
import { setpointError } from '../../lib/temperature';
import type { Slot } from './types';

/** Drawing and the arrow keys move by this many minutes. */
export const SNAP_MINUTES = 15;
/** A day's slots at most (as the server allows). */
export const MAX_SLOTS = 12;

/** A slot as the form edits it: times "HH:MM" (or "" while typed), the setpoint as typed. */
export interface EditedSlot {
  start: string;
  end: string;
  setpoint: string;
}

export const clamp = (value: number, low: number, high: number) =>
  Math.min(high, Math.max(low, value));

/** The nearest 15-minute step within the day. */
export function snap(minutes: number): number {
  return clamp(Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES, 0, DAY_MINUTES);
}

/** The slot's times as minutes, as typed ("730" is 07:30; an end at 00:00 is 24:00), or null. */
function minutesOf(slot: EditedSlot) {
  const minutes = (clock: string | null) => (clock === null ? null : toMinutes(clock));
  return { start: minutes(readClock(slot.start)), end: minutes(readClock(slot.end, true)) };
}

/** The slots whose times can be read, as minutes, with their index. */
function spans(slots: EditedSlot[], except?: number) {
  return slots.flatMap((slot, index) => {
    const { start, end } = minutesOf(slot);
    if (index === except || start === null || end === null || end <= start) return [];
    return [{ index, start, end }];
  });
}

/** The free stretch of the day around `minute`, between the other slots; null inside a slot. */
export function freeGap(
  slots: EditedSlot[],
  minute: number,
  except?: number,
): { low: number; high: number } | null {
  let low = 0;
  let high = DAY_MINUTES;
  for (const span of spans(slots, except)) {
    if (minute >= span.start && minute < span.end) return null;
    if (span.end <= minute) low = Math.max(low, span.end);
    if (span.start > minute) high = Math.min(high, span.start);
  }
  return { low, high };
}

/** How far each edge of slot `index` may move: not past its neighbours, at least 15 minutes long. */
export function edgeBounds(slots: EditedSlot[], index: number) {
  const slot = slots[index];
  const start = toMinutes(slot?.start ?? '') ?? 0;
  const end = toMinutes(slot?.end ?? '') ?? DAY_MINUTES;
  const others = spans(slots, index);
  const before = others.filter((span) => span.end <= start + 0.5 * (end - start));
  const after = others.filter((span) => span.start >= start + 0.5 * (end - start));
  const low = Math.max(0, ...before.map((span) => span.end));
  const high = Math.min(DAY_MINUTES, ...after.map((span) => span.start));
  return {
    start: { min: low, max: Math.max(low, end - SNAP_MINUTES) },
    end: { min: Math.min(high, start + SNAP_MINUTES), max: high },
  };
}

/** Minutes since midnight of a business's working day (08:00 to 18:00 by default). */
export interface WorkingDay {
  start: number;
  end: number;
}

/** The working day of the business's settings ("08:00" to "18:00"), if its times read. */
export function workingDay(hours: { start: string; end: string }): WorkingDay | undefined {
  const [start, end] = [toMinutes(hours.start), toMinutes(hours.end)];
  return start !== null && end !== null ? { start, end } : undefined;
}

/**
 * Where a new slot fits: the business's working day, as much of it as is free from its start;
 * else about an hour right after a slot (in the order of the day), else at the first free time.
 */
export function firstFreeSlot(
  slots: EditedSlot[],
  working: WorkingDay = { start: 8 * 60, end: 18 * 60 },
): { start: number; end: number } | null {
  const workStart = freeGap(slots, working.start);
  if (workStart && workStart.high - working.start >= SNAP_MINUTES)
    return { start: working.start, end: Math.min(working.end, workStart.high) };
  const ends = spans(slots)
    .map((span) => span.end)
    .sort((a, b) => a - b);
  const candidates = [
    ...ends,
    ...Array.from({ length: DAY_MINUTES / SNAP_MINUTES }, (_, i) => i * SNAP_MINUTES),
  ];
  for (const start of candidates) {
    const gap = freeGap(slots, start);
    if (gap && gap.high - start >= SNAP_MINUTES)
      return { start, end: Math.min(start + 60, gap.high) };
  }
  return null;
}

/**
 * Each slot checked as the server checks it, keyed like its field errors (`slots.1.end`):
 * times readable, the end after the start, a setpoint of 5–30 °C in steps of 0.5, and no slot
 * starting before the one before it ends. Messages are text keys.
 */
export function slotErrors(slots: EditedSlot[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (slots.length === 0) errors.slots = 'schedules.errors.noSlots';
  if (slots.length > MAX_SLOTS) errors.slots = 'schedules.errors.tooManySlots';
  slots.forEach((slot, index) => {
    const { start, end } = minutesOf(slot);
    if (start === null || start === DAY_MINUTES)
      errors[`slots.${index}.start`] = 'schedules.errors.time';
    if (end === null) errors[`slots.${index}.end`] = 'schedules.errors.time';
    else if (start !== null && end <= start)
      errors[`slots.${index}.end`] = 'schedules.errors.endAfterStart';
    const setpoint = setpointError(slot.setpoint);
    if (setpoint) errors[`slots.${index}.setpoint`] = setpoint;
  });
  const ordered = spans(slots).sort((a, b) => a.start - b.start);
  ordered.forEach((span, position) => {
    const previous = ordered[position - 1];
    if (previous && span.start < previous.end)
      errors[`slots.${span.index}.start`] ??= 'schedules.errors.overlap';
  });
  return errors;
}

/** The first slot that an error names, to show it. */
export function firstSlotWithError(errors: Partial<Record<string, string | string[]>>) {
  const indexes = Object.keys(errors).flatMap((key) => {
    const match = /^slots\.(\d+)\./.exec(key);
    return match && errors[key] ? [Number(match[1])] : [];
  });
  return indexes.length ? Math.min(...indexes) : null;
}

export function toEdited(slot: Slot): EditedSlot {
  return { start: slot.start, end: slot.end, setpoint: String(slot.setpoint) };
}

/** The slot to send, its times as the fields read them ("730" is sent as 07:30). */
export function toSlot(slot: EditedSlot): Slot {
  const start = readClock(slot.start) ?? slot.start;
  const end = readClock(slot.end, true) ?? slot.end;
  return { start, end, setpoint: Number(slot.setpoint) };
}

/** The time slot as a person reads it: 07:30–18:00 (24:00 stays 24:00). */
export function slotRange(slot: { start: string; end: string }) {
  return ltr(`${slot.start}–${slot.end}`);
}

/** A slot's setpoint as typed, or a dash while its field is empty or not a number. */
export function slotSetpoint(slot: { setpoint: string }) {
  const value = Number(slot.setpoint);
  return slot.setpoint.trim() === '' || Number.isNaN(value) ? '–' : formatCelsius(value);
}
