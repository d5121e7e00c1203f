import { formatDateTime, formatDay, joinList } from './format';

describe('dates', () => {
  it('are written with the month as a word, in either language', () => {
    expect(formatDay('2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(formatDay('2026-11-26', 'ar')).toMatch(/^26 نوفمبر 2026$/);
    // No slashed figures, which a right-to-left line shows year first.
    expect(formatDay('2026-11-26', 'ar')).not.toContain('/');
  });

  it('may name the day of the week first', () => {
    expect(formatDay('2026-12-24', 'en', { weekday: true })).toBe('Thu, 24 Dec 2026');
    expect(formatDay('2026-12-24', 'ar', { weekday: true })).toContain('الخميس');
    expect(formatDay('2026-12-24', 'en', { withYear: false })).toBe('24 Dec');
  });

  it('keep their times on the 24-hour clock', () => {
    const iso = new Date(2026, 10, 26, 21, 5).toISOString();
    expect(formatDateTime(iso, 'en')).toBe('26 Nov 2026, 21:05');
    expect(formatDateTime(iso, 'ar')).toContain('21:05');
  });
});

describe('lists in a line', () => {
  it('are separated by the reader’s comma', () => {
    expect(joinList(['Mon', 'Tue'], 'en')).toBe('Mon, Tue');
    expect(joinList(['الاثنين', 'الثلاثاء'], 'ar')).toBe('الاثنين، الثلاثاء');
    expect(joinList([], 'ar')).toBe('');
  });
});
