import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lastMonth, lastWeek, linkedRange, rangeErrors, thisWeek } from './ranges';

describe('the ranges offered', () => {
  it('start a week on Monday, and take last week and last month whole', () => {
    // Tuesday 24 November 2026; a Sunday, and a Monday 1 March after a February of 28 days.
    const tuesday = dayjs('2026-11-24');
    expect(thisWeek(tuesday)).toEqual({ start_date: '2026-11-23', end_date: '2026-11-24' });
    expect(lastWeek(tuesday)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(thisWeek(dayjs('2026-11-29'))).toEqual({
      start_date: '2026-11-23',
      end_date: '2026-11-29',
    });
    expect(lastMonth(tuesday)).toEqual({ start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(lastMonth(dayjs('2027-03-01'))).toEqual({
      start_date: '2027-02-01',
      end_date: '2027-02-28',
    });
  });
});

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
