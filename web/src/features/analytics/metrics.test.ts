import { counterpart, previousSoFar } from './metrics';
import type { EnergyHistory } from './types';

const bucket = (start: string, kwh: number) => ({
  start,
  kwh,
  cost_pence: kwh * 25,
  co2_kg: kwh / 10,
});

const week: EnergyHistory = {
  type: 'week',
  start: '2026-11-23T00:00:00+00:00',
  end: '2026-11-30T00:00:00+00:00',
  buckets: [
    bucket('2026-11-23T00:00:00+00:00', 10),
    bucket('2026-11-24T00:00:00+00:00', 12),
    bucket('2026-11-25T00:00:00+00:00', 3),
    bucket('2026-11-26T00:00:00+00:00', 0),
  ],
  totals: { kwh: 25, cost_pence: 625, co2_kg: 2.5 },
  previous: {
    start: '2026-11-16T00:00:00+00:00',
    end: '2026-11-23T00:00:00+00:00',
    buckets: [
      bucket('2026-11-16T00:00:00+00:00', 11),
      bucket('2026-11-17T00:00:00+00:00', 13),
      bucket('2026-11-18T00:00:00+00:00', 14),
      bucket('2026-11-19T00:00:00+00:00', 15),
    ],
    totals: { kwh: 53, cost_pence: 1325, co2_kg: 5.3 },
  },
};

describe('the period before, to the same point', () => {
  it('sums the period before as far as this period has got, the running bucket in part', () => {
    // Monday and Tuesday in full, and half of Wednesday.
    const wednesdayNoon = Date.parse('2026-11-25T12:00:00Z');
    expect(previousSoFar(week, wednesdayNoon)).toEqual({ kwh: 31, cost_pence: 775, co2_kg: 3.1 });
    const mondayMorning = Date.parse('2026-11-23T08:00:00Z');
    expect(previousSoFar(week, mondayMorning).kwh).toBe(3.667);
    const nextWeek = Date.parse('2026-12-01T00:00:00Z');
    expect(previousSoFar(week, nextWeek).kwh).toBe(53);
  });
});

/** A London day's hourly buckets, each of `kwh(hour)`, given their local starts with offsets. */
const day = (starts: string[], kwh: (index: number) => number = () => 1) => ({
  start: starts[0] ?? '',
  end: '',
  buckets: starts.map((start, index) => bucket(start, kwh(index))),
  totals: { kwh: 0, cost_pence: 0, co2_kg: 0 },
});
const hours = (date: string, from: number, to: number, offset: string) =>
  Array.from({ length: to - from }, (_, index) => {
    const hour = String(from + index).padStart(2, '0');
    return `${date}T${hour}:00:00${offset}`;
  });

describe('the period before, across a change of the clocks', () => {
  // 29 March 2026: London's clocks go from 01:00 GMT to 02:00 BST, a day of 23 hours.
  const saturday = day(hours('2026-03-28', 0, 24, '+00:00'), (hour) => hour + 1);
  const springForward: EnergyHistory = {
    type: 'day',
    ...day([...hours('2026-03-29', 0, 1, '+00:00'), ...hours('2026-03-29', 2, 24, '+01:00')]),
    start: '2026-03-29T00:00:00+00:00',
    end: '2026-03-30T00:00:00+01:00',
    previous: { ...saturday, end: '2026-03-29T00:00:00+00:00' },
  };

  it('sets each hour against the same hour of the day before, not the same position', () => {
    const pairs = springForward.buckets.map((now) => [
      now.start,
      counterpart(springForward, now)?.start,
    ]);
    expect(pairs[1]).toEqual(['2026-03-29T02:00:00+01:00', '2026-03-28T02:00:00+00:00']);
    expect(pairs[22]).toEqual(['2026-03-29T23:00:00+01:00', '2026-03-28T23:00:00+00:00']);
  });

  it('counts the day before to the same time on the clock', () => {
    // 03:30 BST: Saturday's 00:00, 01:00 and 02:00 in full (1 + 2 + 3) and half its 03:00 (4).
    const halfPastThree = Date.parse('2026-03-29T02:30:00Z');
    expect(previousSoFar(springForward, halfPastThree).kwh).toBe(8);
  });

  it('counts both of the hours from 01:00 on the day the clocks go back', () => {
    // 25 October 2026: 01:00 BST, then 01:00 GMT again, a day of 25 hours.
    const fallBack = day([
      ...hours('2026-10-25', 0, 2, '+01:00'),
      ...hours('2026-10-25', 1, 24, '+00:00'),
    ]);
    const monday: EnergyHistory = {
      type: 'day',
      ...day(hours('2026-10-26', 0, 24, '+00:00')),
      start: '2026-10-26T00:00:00+00:00',
      end: '2026-10-27T00:00:00+00:00',
      previous: { ...fallBack, end: '2026-10-26T00:00:00+00:00' },
    };
    // 02:30: 00:00, both 01:00s in full and half of 02:00.
    expect(previousSoFar(monday, Date.parse('2026-10-26T02:30:00Z')).kwh).toBe(3.5);
  });
});

describe('the month before, to the same day', () => {
  it('counts a shorter month before in full once this month has passed its last day', () => {
    // London: GMT, and BST from 30 March.
    const days = (month: string, count: number) =>
      Array.from({ length: count }, (_, index) => {
        const offset = month === '03' && index >= 29 ? '+01:00' : '+00:00';
        return bucket(`2026-${month}-${String(index + 1).padStart(2, '0')}T00:00:00${offset}`, 1);
      });
    const march: EnergyHistory = {
      type: 'month',
      start: '2026-03-01T00:00:00+00:00',
      end: '2026-04-01T00:00:00+01:00',
      buckets: days('03', 31),
      totals: { kwh: 31, cost_pence: 0, co2_kg: 0 },
      previous: {
        start: '2026-02-01T00:00:00+00:00',
        end: '2026-03-01T00:00:00+00:00',
        buckets: days('02', 28),
        totals: { kwh: 28, cost_pence: 0, co2_kg: 0 },
      },
    };
    // The 10th at noon: 9 days and a half of February.
    expect(previousSoFar(march, Date.parse('2026-03-10T12:00:00Z')).kwh).toBe(9.5);
    // The 30th: February has no 30th; all of it has passed.
    expect(previousSoFar(march, Date.parse('2026-03-30T12:00:00+01:00')).kwh).toBe(28);
  });
});
