import type { TFunction } from 'i18next';
import {
  formatCelsius,
  formatDateTime,
  formatDay,
  formatNames,
  joinList,
  ltr,
  weekdayName,
} from '../../lib/format';
import { formatKg, formatPence, formatRate } from '../../lib/units';
import { slotRange, type Slot } from '../schedules';
import type { HistoryEntry } from './types';

type Show = (value: unknown, t: TFunction, language: string) => string;

const text: Show = (value) => String(value);
const celsius: Show = (value) => formatCelsius(Number(value));
const onOff: Show = (value, t) => t(Number(value) ? 'settings.history.on' : 'settings.history.off');
const orNone: Show = (value, t) => (value === null ? t('settings.history.none') : String(value));
const instant: Show = (value, _t, language) => formatDateTime(String(value), language);
const calendarDay: Show = (value, t, language) =>
  value === null ? t('settings.history.none') : formatDay(String(value), language);
const weekdays: Show = (value, _t, language) =>
  Array.isArray(value)
    ? joinList(
        value.map((day) => weekdayName(Number(day), language)),
        language,
      )
    : '';
/** Isolated, so that a value mixing scripts ("30 بنس لكل kWh") keeps to itself in the line. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The fields a change is told by, each with its label's key (`settings.history.fields.*`) and
 * how its value reads. Others (ids, a radiator's live readings at the time) are left out.
 */
const FIELDS: Record<string, Show> = {
  name: text,
  plan: text,
  next_plan: orNone,
  /** A radiator's or room's 1 or 0; a plan's `active`, `trialing`… */
  status: (value, t, language) =>
    typeof value === 'string'
      ? t(`subscriptions.status.${value}`, { defaultValue: value })
      : onOff(value, t, language),
  enabled: onOff,
  target_temperature: celsius,
  min_temperature: celsius,
  max_temperature: celsius,
  room_name: orNone,
  zone_name: orNone,
  // A schedule's: what it heats, when, and to what.
  targets: (value, t, language) => {
    const names = Array.isArray(value) ? value.map((target) => String(target.name)) : [];
    return names.length ? formatNames(names, language, isolate) : t('settings.history.none');
  },
  days: weekdays,
  slots: (value, _t, language) =>
    Array.isArray(value)
      ? joinList(
          (value as Slot[]).map((slot) => `${slotRange(slot)} ${formatCelsius(slot.setpoint)}`),
          language,
        )
      : '',
  setback: (value, t, language) =>
    value === null ? onOff(0, t, language) : celsius(value, t, language),
  start_date: calendarDay,
  end_date: calendarDay,
  runs_on_closed_days: onOff,
  // Closed days'.
  first_date: calendarDay,
  last_date: calendarDay,
  comfort_setpoint: celsius,
  time_zone: text,
  working_days: weekdays,
  working_hours: (value) => {
    const hours = value as { start?: string; end?: string } | null;
    return hours ? ltr(`${hours.start ?? ''}–${hours.end ?? ''}`) : '';
  },
  // "Not set", as the preferences pages say it.
  electricity_budget_pence: (value, t) =>
    value === null ? t('energyPrefs.notSet') : formatPence(Number(value)),
  carbon_goal_kg: (value, t) =>
    value === null ? t('energyPrefs.notSet') : formatKg(Number(value)),
  carbon_method: (value, t) =>
    t(`energyPrefs.method.${String(value)}.name`, { defaultValue: String(value) }),
  rates: (value, t) => {
    const rates = value as { unit_rate_pence: number; standing_charge_pence: number };
    return t('settings.history.rates', {
      unit: isolate(formatRate(rates.unit_rate_pence, 'kWh')),
      standing: isolate(formatRate(rates.standing_charge_pence, 'day')),
    });
  },
  effective_from: (value, _t, language) => formatDay(String(value), language),
  trial_end: instant,
  period_end: instant,
  card_last4: (value, t) => t('settings.history.card', { last4: String(value) }),
  mpan: (value) => ltr(String(value)),
  ihd_mac: (value) => ltr(String(value)),
};

/** A change recorded with only one side (a goal set, a tariff added or deleted, a plan paid for)
 *  is told by the fields its kind lists, as that side has them; a new or deleted room or radiator
 *  is not told field by field. */
const ONE_SIDED: Record<string, string[]> = {
  budget: ['electricity_budget_pence'],
  carbon_goal: ['carbon_goal_kg'],
  carbon_method: ['carbon_method'],
  tariff: ['rates', 'effective_from'],
  subscription: ['plan', 'next_plan', 'status', 'trial_end', 'period_end', 'card_last4'],
  payment: ['plan', 'card_last4'],
  consent: ['mpan', 'ihd_mac'],
  schedule: ['targets', 'days', 'slots', 'setback', 'start_date', 'end_date'],
  closed_days: ['first_date', 'last_date'],
};

/** Told on a new or deleted record only when it has one: a schedule without dates runs on. */
const TOLD_WHEN_SET = ['start_date', 'end_date'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A room's or zone's target is that of its radiators that are on: none while every one is off,
 *  which the status line tells. A change to or from none is no change of temperature. */
const NONE_WHILE_OFF = ['target_temperature'];

/** A radiator a room's or zone's temperature could not reach, set to its nearest bound. */
interface Clamped {
  name: string;
  target_temperature: number;
}

/**
 * A room's or zone's temperature, set on all its radiators at once: the temperature, then the
 * radiators whose own bounds kept them from it, each at the temperature it got.
 */
function groupTemperature(after: Record<string, unknown>, t: TFunction, language: string) {
  const set = t('settings.history.set', {
    field: t('settings.history.fields.temperature'),
    value: celsius(after.temperature, t, language),
  });
  const clamped = Array.isArray(after.clamped) ? (after.clamped as Clamped[]) : [];
  if (clamped.length === 0) return [set];
  const radiators = formatNames(
    clamped.map((radiator) => `${radiator.name} (${formatCelsius(radiator.target_temperature)})`),
    language,
    isolate,
  );
  return [set, t('settings.history.clamped', { radiators })];
}

/**
 * What a change did, a line a field: "Target: 21 °C → 19 °C" for each told field that it
 * changed, or "Budget: £1,200.00" for what it set (or deleted). The arrow is the language's: it
 * points from the old value to the new in its reading direction.
 */
export function describeChange(entry: HistoryEntry, t: TFunction, language: string): string[] {
  const { before, after } = entry;
  const field = (name: string) => t(`settings.history.fields.${name}`);
  if (entry.action === 'set_temperature' && after && 'temperature' in after)
    return groupTemperature(after, t, language);
  return Object.entries(FIELDS).flatMap(([name, show]) => {
    const read = (side: Record<string, unknown>) => show(side[name], t, language);
    const only = after && !before ? after : before && !after ? before : null;
    if (only)
      return name in only &&
        ONE_SIDED[entry.record_type]?.includes(name) &&
        !(only[name] === null && TOLD_WHEN_SET.includes(name))
        ? [t('settings.history.set', { field: field(name), value: read(only) })]
        : [];
    if (!before || !after || !(name in before) || !(name in after)) return [];
    if (same(before[name], after[name])) return [];
    const unset = before[name] === null || after[name] === null;
    if (unset && NONE_WHILE_OFF.includes(name)) return [];
    return [
      t('settings.history.changed', { field: field(name), from: read(before), to: read(after) }),
    ];
  });
}
