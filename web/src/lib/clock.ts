/** Times of day as the app shows and sends them: 24-hour "HH:MM", up to "24:00", the end of the day. */

/** Minutes in a day; "24:00" is the end of the day. */
export const DAY_MINUTES = 24 * 60;

/** Minutes since midnight of "HH:MM" (00:00 to 24:00), or null. */
export function toMinutes(time: string): number | null {
  const parts = /^(\d{2}):(\d{2})$/.exec(time);
  if (!parts) return null;
  const minutes = Number(parts[1]) * 60 + Number(parts[2]);
  if (Number(parts[2]) > 59 || minutes > DAY_MINUTES) return null;
  return minutes;
}

/** "HH:MM" of minutes since midnight (1440 is "24:00"). */
export function toClock(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * What a typed time means as "HH:MM", or null: "7" and "7:00" are 07:00, "730" and "7.30" are
 * 07:30, "1930" is 19:30, "7pm" is 19:00. With `endOfDay` (a slot's end), midnight is 24:00.
 */
export function readClock(typed: string, endOfDay = false): string | null {
  const parts = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(am|pm)?$/.exec(typed.trim().toLowerCase());
  if (!parts) return null;
  let hours = Number(parts[1]);
  const minutes = Number(parts[2] ?? 0);
  if (parts[3]) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (parts[3] === 'pm' ? 12 : 0);
  }
  const total = hours * 60 + minutes;
  if (minutes > 59 || total > DAY_MINUTES) return null;
  return toClock(endOfDay && total === 0 ? DAY_MINUTES : total);
}
