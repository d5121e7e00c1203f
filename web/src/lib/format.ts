/**
 * °C with one decimal, or a dash when nothing was reported. Isolated left-to-right, so that
 * right-to-left text around it shows "20.5 °C", not "C° 20.5".
 */
export function formatCelsius(value: number | null | undefined) {
  return value === null || value === undefined ? '–' : `\u2066${value.toFixed(1)}\u00a0°C\u2069`;
}

/** `22.0–24.0 °C`, one isolated figure like `formatCelsius`'s. */
export function formatCelsiusRange(low: number, high: number) {
  return `\u2066${low.toFixed(1)}–${high.toFixed(1)}\u00a0°C\u2069`;
}

/** Isolated left-to-right, so that a time or a range reads the same inside right-to-left text. */
export function ltr(text: string) {
  return `\u2066${text}\u2069`;
}

const DAY_MS = 86_400_000;

/** British English for English: a UK product writes "23 Nov 2026, 14:05". */
export const dateLocale = (language: string) => (language === 'en' ? 'en-GB' : language);

/**
 * The time of an ISO 8601 moment on the clock of the place it was written for (the business's:
 * the server writes its offset), as HH:MM; with the weekday when that is not today there, and
 * with the date too when it is a week or more away.
 */
export function formatWallTime(iso: string, language: string): string {
  const parts =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::[\d.]+)?(Z|([+-])(\d{2}):?(\d{2}))$/.exec(iso);
  if (!parts) return iso;
  const [, year, month, day, hour, minute, zone, sign, offsetHours, offsetMinutes] = parts;
  const offset =
    zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const date = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const there = new Date(Date.now() + offset * 60_000);
  const today = Date.UTC(there.getUTCFullYear(), there.getUTCMonth(), there.getUTCDate());
  const time = ltr(`${hour}:${minute}`);
  if (date === today) return time;
  const options: Intl.DateTimeFormatOptions =
    Math.abs(date - today) >= 7 * DAY_MS
      ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }
      : { weekday: 'short', timeZone: 'UTC' };
  return `${new Intl.DateTimeFormat(dateLocale(language), options).format(date)} ${time}`;
}

/** The name of an ISO weekday (1 = Monday … 7 = Sunday) in `language`. */
export function weekdayName(day: number, language: string, width: 'short' | 'long' = 'short') {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(dateLocale(language), { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, day),
  );
}

/**
 * How the app writes a date: "26 Nov 2026", "26 نوفمبر 2026". The month is a word, as a date of
 * figures and slashes reads the other way round in a right-to-left line.
 */
export const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A calendar day (`YYYY-MM-DD`) as the app writes dates, with its day of the week first if
 *  asked ("Thu, 24 Dec 2026"), or without its year where little room is left ("24 Dec"). */
export function formatDay(
  day: string,
  language: string,
  { weekday = false, withYear = true } = {},
) {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  const options: Intl.DateTimeFormatOptions = {
    ...DATE,
    ...(weekday && { weekday: 'short' }),
    ...(!withYear && { year: undefined }),
    timeZone: 'UTC',
  };
  return new Intl.DateTimeFormat(dateLocale(language), options).format(
    Date.UTC(year, month - 1, date),
  );
}

/** A moment's date in the viewer's own time zone, as the app writes dates. */
export function formatMomentDate(iso: string, language: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(language), DATE).format(date);
}

/** A moment in the viewer's own time zone: date and time, for lists of past events. */
export function formatDateTime(iso: string, language: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    ...DATE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  return new Intl.DateTimeFormat(dateLocale(language), options).format(date);
}

/** Items in a line, separated by the reader's comma: "a, b", "أ، ب". */
export function joinList(items: string[], language: string) {
  return items.join(language === 'ar' ? '، ' : ', ');
}

/** Names as a list in the reader's words: "‘A’, ‘B’ and ‘C’" (each name quoted by `quote`). */
export function formatNames(names: string[], language: string, quote: (name: string) => string) {
  const list = new Intl.ListFormat(dateLocale(language), { type: 'conjunction' });
  return list.format(names.map(quote));
}
