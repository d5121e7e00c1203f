import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { linkedRange, rangeErrors } from './ranges';

describe('rangeErrors', () => {
  const today = dayjs('2026-11-24');

  it('takes a range that ends today', () => {
    expect(rangeErrors(dayjs('2026-11-01'), today, today)).toEqual({});
  });

  it('refuses a day after today, an end before the start and more than 5 years', () => {
    expect(rangeErrors(dayjs('2026-11-01'), dayjs('2026-11-25'), today)).toEqual({
      end_date: 'analytics.range.afterToday',
    });
    expect(rangeErrors(dayjs('2026-11-10'), dayjs('2026-11-09'), today)).toEqual({
      end_date: 'analytics.range.endBeforeStart',
    });
    expect(rangeErrors(dayjs('2020-01-01'), today, today)).toEqual({
      end_date: 'analytics.range.tooLong',
    });
  });

  it('reads a range from a link, and none from a wrong one', () => {
    const link = (query: string) => linkedRange(new URLSearchParams(query));
    expect(link('start_date=2026-01-08&end_date=2026-01-14')).toEqual({
      start_date: '2026-01-08',
      end_date: '2026-01-14',
    });
    expect(link('')).toBeNull();
    expect(link('start_date=2026-01-08')).toBeNull();
    expect(link('start_date=2026-02-30&end_date=2026-03-01')).toBeNull();
    expect(link('start_date=8 Jan 2026&end_date=2026-01-14')).toBeNull();
    expect(link('start_date=2026-01-14&end_date=2026-01-08')).toBeNull();
  });

  it('asks for both dates', () => {
    expect(rangeErrors(null, null, today)).toEqual({
      start_date: 'validation.required',
      end_date: 'validation.required',
    });
  });
});
