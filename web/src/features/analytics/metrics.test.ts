import { co2InBuckets, counterpart, valueTicks, withoutFigures } from './metrics';
import type { Co2Saving, EnergyHistory, PeriodFigures } from './types';

const none = { kwh: 0, cost_pence: 0, co2_kg: 0 };

/** A period of buckets starting at `starts` (local times with their offsets). */
const period = (starts: string[], end: string): PeriodFigures => ({
  start: starts[0] ?? '',
  end,
  buckets: starts.map((start) => ({ start, ...none })),
  totals: none,
});

const history = (type: EnergyHistory['type'], current: PeriodFigures, before: PeriodFigures) => ({
  type,
  ...current,
  previous: before,
  previous_so_far: none,
  began: '2020-01-01T00:00:00+00:00',
});

/** The local starts of the hours `from`–`to` of a day, at one offset. */
const hours = (date: string, from: number, to: number, offset: string) =>
  Array.from({ length: to - from }, (_, index) => {
    const hour = String(from + index).padStart(2, '0');
    return `${date}T${hour}:00:00${offset}`;
  });

/** Each bucket's start beside its counterpart's in the period before. */
const pairs = (shown: EnergyHistory) =>
  shown.buckets.map((bucket) => [bucket.start, counterpart(shown, bucket)?.start]);

describe('the period before’s buckets, by the calendar', () => {
  it('sets each hour of a 23-hour day against the same hour of the day before', () => {
    // 29 March 2026: London's clocks go from 01:00 GMT to 02:00 BST.
    const springForward = history(
      'day',
      period(
        [...hours('2026-03-29', 0, 1, '+00:00'), ...hours('2026-03-29', 2, 24, '+01:00')],
        '2026-03-30T00:00:00+01:00',
      ),
      period(hours('2026-03-28', 0, 24, '+00:00'), '2026-03-29T00:00:00+00:00'),
    );
    const shown = pairs(springForward);
    expect(shown[1]).toEqual(['2026-03-29T02:00:00+01:00', '2026-03-28T02:00:00+00:00']);
    expect(shown[22]).toEqual(['2026-03-29T23:00:00+01:00', '2026-03-28T23:00:00+00:00']);
  });

  it('sets both 01:00s of a 25-hour day against the one 01:00 of the day before', () => {
    // 25 October 2026: 01:00 BST, then 01:00 GMT again.
    const fallBack = history(
      'day',
      period(
        [...hours('2026-10-25', 0, 2, '+01:00'), ...hours('2026-10-25', 1, 24, '+00:00')],
        '2026-10-26T00:00:00+00:00',
      ),
      period(hours('2026-10-24', 0, 24, '+01:00'), '2026-10-25T00:00:00+01:00'),
    );
    const shown = pairs(fallBack);
    expect(shown.slice(1, 4)).toEqual([
      ['2026-10-25T01:00:00+01:00', '2026-10-24T01:00:00+01:00'],
      ['2026-10-25T01:00:00+00:00', '2026-10-24T01:00:00+01:00'],
      ['2026-10-25T02:00:00+00:00', '2026-10-24T02:00:00+01:00'],
    ]);
  });

  it('sets a day of the month against the same day, which a shorter month may not have', () => {
    const days = (month: string, count: number) =>
      Array.from(
        { length: count },
        (_, index) => `2026-${month}-${String(index + 1).padStart(2, '0')}T00:00:00+00:00`,
      );
    const march = history(
      'month',
      period(days('03', 28), '2026-04-01T00:00:00+01:00'),
      period(days('02', 28), '2026-03-01T00:00:00+00:00'),
    );
    march.buckets.push(
      { start: '2026-03-30T00:00:00+01:00', ...none },
      { start: '2026-03-31T00:00:00+01:00', ...none },
    );
    const shown = pairs(march);
    expect(shown[9]).toEqual(['2026-03-10T00:00:00+00:00', '2026-02-10T00:00:00+00:00']);
    expect(shown[28]).toEqual(['2026-03-30T00:00:00+01:00', undefined]);
  });
});

describe('a bucket without figures', () => {
  it('is one still to come or one that ended before the business began', () => {
    const months = ['2026-01', '2026-02', '2026-03', '2026-04'].map(
      (month) => `${month}-01T00:00:00+00:00`,
    );
    const year = {
      ...history('year', period(months, '2026-05-01T00:00:00+01:00'), period([], '')),
      // Began in the middle of February: January has nothing, February has its part.
      began: '2026-02-14T00:00:00+00:00',
    };
    const now = Date.parse('2026-03-20T12:00:00Z');
    expect(months.map((_, index) => withoutFigures(year, index, now))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('a saving in the buckets of the energy chart beside it', () => {
  const day = (date: string, baseline: number, actual: number) => ({
    date,
    baseline_kg: baseline,
    actual_kg: actual,
  });
  const saving = (days: ReturnType<typeof day>[]) => ({ days }) as unknown as Co2Saving;

  it('sums a year’s days into its months and leaves the months to come empty', () => {
    const months = ['2026-10', '2026-11', '2026-12'].map((month) => `${month}-01T00:00:00+00:00`);
    const year = history('year', period(months, '2027-01-01T00:00:00+00:00'), period([], ''));
    const days = [day('2026-10-30', 1.5, 1), day('2026-11-01', 2, 1.25), day('2026-11-02', 3, 2)];
    expect(co2InBuckets(saving(days), year)).toEqual([
      { start: months[0], baseline: 1.5, actual: 1 },
      { start: months[1], baseline: 5, actual: 3.25 },
      { start: months[2], baseline: null, actual: null },
    ]);
  });

  it('sets a month’s days against its days by their local date', () => {
    const starts = ['2026-11-01T00:00:00+00:00', '2026-11-02T00:00:00+00:00'];
    const month = history('month', period(starts, '2026-11-03T00:00:00+00:00'), period([], ''));
    expect(co2InBuckets(saving([day('2026-11-02', 4, 3)]), month)).toEqual([
      { start: starts[0], baseline: null, actual: null },
      { start: starts[1], baseline: 4, actual: 3 },
    ]);
  });
});

describe('a value axis', () => {
  it('runs from 0 past the largest value, or to 1 when nothing is above 0', () => {
    expect(valueTicks(336)).toEqual([0, 100, 200, 300, 400]);
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});
