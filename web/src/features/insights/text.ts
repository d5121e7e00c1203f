import type { TFunction } from 'i18next';
import { formatCelsius, ltr } from '../../lib/format';
import { formatCount, formatKwh, formatPence, formatShare } from '../../lib/units';
import type { Insight } from './types';

/** The rooms' average temperature an insight calls warm (the server's rule). */
const WARM_ROOM = 22;

export const INSIGHT_KINDS = [
  'top_rooms',
  'out_of_hours',
  'warm_rooms',
  'week_change',
  'budget',
  'offline',
  'not_connected',
] as const;
type InsightKind = (typeof INSIGHT_KINDS)[number];

const isKind = (kind: string): kind is InsightKind =>
  (INSIGHT_KINDS as readonly string[]).includes(kind);

/** An insight's title and sentence in the reader's language, from its kind and figures; the
 *  server's English words for a kind this app does not know. */
export function insightText(insight: Insight, t: TFunction) {
  const { kind, params } = insight;
  if (!isKind(kind)) return { title: insight.title, body: insight.body };
  const number = (key: string) => Number(params[key] ?? 0);
  const text = (key: string) => String(params[key] ?? '');
  // `count`, where given, is a number: it picks the counted noun's form.
  const words = (key: string, values: Record<string, string | number> = {}) =>
    t(`insights.kinds.${kind}.${key}`, values);
  switch (kind) {
    case 'top_rooms': {
      const values = {
        room: text('room'),
        kwh: formatKwh(number('kwh')),
        share: formatShare(number('share')),
        total: formatKwh(number('total_kwh')),
        next: text('next'),
      };
      return {
        title: words('title', values),
        body: words(params.next ? 'bodyNext' : 'body', values),
      };
    }
    case 'out_of_hours': {
      const values = {
        count: formatCount(number('count')),
        kwh: formatKwh(number('kwh')),
        worst: text('worst'),
        worstKwh: formatKwh(number('worst_kwh')),
        hours: ltr(`${text('from')}–${text('to')}`),
      };
      return { title: words('title', values), body: words('body', values) };
    }
    case 'warm_rooms': {
      const values = {
        room: text('room'),
        celsius: formatCelsius(number('celsius')),
        limit: formatCelsius(WARM_ROOM),
        others: formatCount(number('others')),
      };
      const also = number('others') > 0 ? ` ${words('also', values)}` : '';
      return { title: words('title', values), body: `${words('body', values)}${also}` };
    }
    case 'week_change': {
      const change = number('change');
      const values = {
        change: formatShare(Math.abs(change)),
        kwh: formatKwh(number('kwh')),
        previous: formatKwh(number('previous_kwh')),
      };
      return {
        title: words(change > 0 ? 'titleMore' : 'titleLess', values),
        body: words('body', values),
      };
    }
    case 'budget': {
      const values = {
        cost: formatPence(number('cost_pence')),
        forecast: formatPence(number('forecast_pence')),
        budget: formatPence(number('budget_pence')),
      };
      const title = { critical: 'titleSpent', warning: 'titleOver', info: 'titleWithin' };
      return { title: words(title[insight.severity], values), body: words('body', values) };
    }
    case 'offline':
    case 'not_connected': {
      const names = Array.isArray(params.names) ? params.names.map(String) : [];
      // `number` is the count as written.
      const values = {
        count: names.length,
        number: formatCount(names.length),
        name: names[0] ?? '',
      };
      return {
        title: words('title', values),
        body: words(names.length === 1 ? 'bodyOne' : 'bodyMany', values),
      };
    }
  }
}

/** The words of an insight's link, saying where it leads; a kind this app does not know acts
 *  on it. */
export function insightAction(insight: Insight, t: TFunction) {
  return isKind(insight.kind) ? t(`insights.kinds.${insight.kind}.act`) : t('insights.act');
}
