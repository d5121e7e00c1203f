import { bucketLabel, dayLabel } from './labels';

describe('a day in a table', () => {
  it('is written alike in every table: the energy history’s days and the CO2 saving’s', () => {
    const monday = '2026-11-23T00:00:00+00:00';
    expect(bucketLabel(monday, 'week', 'en', 'long')).toBe('Mon, 23 Nov 2026');
    expect(bucketLabel(monday, 'month', 'en', 'long')).toBe('Mon, 23 Nov 2026');
    expect(dayLabel('2026-11-23', 'en')).toBe('Mon, 23 Nov 2026');
    // On a chart, short.
    expect(bucketLabel(monday, 'week', 'en')).toBe('Mon');
    expect(dayLabel('2026-11-23', 'en', true)).toBe('23 Nov');
  });
});
