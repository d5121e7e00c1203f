import type { TFunction } from 'i18next';
import { DATE, dateLocale, formatCelsius, ltr } from '../../lib/format';
import type { Co2Saving, Span } from './types';

/** The local date and time of an ISO 8601 moment as the server wrote it (its offset kept). */
function parts(iso: string) {
  const [year = 0, month = 1, day = 1] = iso.slice(0, 10).split('-').map(Number);
  return { utc: Date.UTC(year, month - 1, day), time: iso.slice(11, 16) };
}

function format(utc: number, language: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(dateLocale(language), { ...options, timeZone: 'UTC' }).format(utc);
}

/** A day in a table, every table alike: "Mon, 23 Nov 2026". */
const TABLE_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', ...DATE };

/**
 * A bucket's name on the chart (`short`, or `narrow` where seven weekdays must fit a phone) or
 * in the table (`long`): its hour for a day, its weekday for a week, its day for a month, its
 * month for a year.
 */
export function bucketLabel(
  start: string,
  span: Span,
  language: string,
  width: 'narrow' | 'short' | 'long' = 'short',
) {
  const { utc, time } = parts(start);
  const short = width !== 'long';
  switch (span) {
    case 'day':
      return ltr(time);
    case 'week':
      return format(utc, language, short ? { weekday: width } : TABLE_DAY);
    case 'month':
      return format(utc, language, short ? { day: 'numeric' } : TABLE_DAY);
    case 'year':
      return format(utc, language, short ? { month: 'short' } : { month: 'long', year: 'numeric' });
  }
}

/** A period's first and last local day: "16 Nov 2026 – 22 Nov 2026", or one day alone. */
export function periodLabel(start: string, end: string, language: string) {
  const first = parts(start).utc;
  // The end is the next period's start: its day before is the period's last.
  const last = parts(end).utc - (end.slice(11, 16) === '00:00' ? 86_400_000 : 0);
  const options = DATE;
  if (last <= first) return format(first, language, options);
  return `${format(first, language, options)} – ${format(last, language, options)}`;
}

/** A `YYYY-MM-DD` day in a table: "Mon, 16 Nov 2026", or `short` on a chart, "16 Nov". */
export function dayLabel(date: string, language: string, short = false) {
  const options: Intl.DateTimeFormatOptions = short
    ? { day: 'numeric', month: 'short' }
    : TABLE_DAY;
  return format(parts(date).utc, language, options);
}

/** A `YYYY-MM` month: "November 2026". */
export function monthLabel(month: string, language: string) {
  return format(parts(`${month}-01`).utc, language, { month: 'long', year: 'numeric' });
}

/** How a saving was worked out, in the reader's language: the baseline's sentence, then the
 *  CO2's. */
export function methodText({ method_parts: parts }: Co2Saving, t: TFunction) {
  const baseline =
    parts.baseline === 'thermal'
      ? t('analytics.method.thermal', {
          comfort: formatCelsius(parts.comfort_setpoint),
          start: ltr(parts.working_start),
          end: ltr(parts.working_end),
        })
      : t('analytics.method.degree_days', {
          days: parts.learning_days,
          base: formatCelsius(parts.base_temperature),
        });
  return `${baseline} ${t('analytics.method.rooms')} ${t(`analytics.method.${parts.carbon}`)}`;
}
