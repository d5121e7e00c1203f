import dayjs from 'dayjs';
import { monthBaselineKg } from './goals';

describe('a month’s whole baseline', () => {
  it('is the baseline so far at its rate, from a tenth of the month on', () => {
    // Half of November gone: 60 kg so far is 120 kg for the month.
    expect(monthBaselineKg(60, dayjs('2026-11-16T00:00:00'))).toBeCloseTo(120);
    expect(monthBaselineKg(30, dayjs('2026-11-30T12:00:00'))).toBeCloseTo(30 / (29.5 / 30));
    expect(monthBaselineKg(5, dayjs('2026-11-03T23:00:00'))).toBeNull();
  });
});
