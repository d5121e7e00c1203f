import { previousSoFar } from './metrics';
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
