import { readClock, toClock, toMinutes } from './clock';

describe('times of day', () => {
  it('reads and writes "HH:MM", 24:00 included', () => {
    expect(toMinutes('07:30')).toBe(450);
    expect(toMinutes('24:00')).toBe(1440);
    expect(toMinutes('24:15')).toBeNull();
    expect(toMinutes('7:30')).toBeNull();
    expect(toMinutes('07:60')).toBeNull();
    expect(toClock(1440)).toBe('24:00');
    expect(toClock(495)).toBe('08:15');
  });

  it('tidies a typed time into "HH:MM", 12-hour ones too, and refuses what is no time', () => {
    const typed = {
      '7': '07:00',
      '07:30': '07:30',
      '7:30': '07:30',
      '730': '07:30',
      '0730': '07:30',
      '19.30': '19:30',
      '1930': '19:30',
      ' 18 ': '18:00',
      '24': '24:00',
      '7pm': '19:00',
      '12 AM': '00:00',
      '12:30pm': '12:30',
    };
    for (const [text, clock] of Object.entries(typed)) expect(readClock(text)).toBe(clock);
    expect(readClock('00:00', true)).toBe('24:00');
    expect(readClock('0', true)).toBe('24:00');
    expect(readClock('18:00', true)).toBe('18:00');
    for (const text of ['', '7:3', '25', '24:30', '07:60', '13pm', 'noon', '7:30:00'])
      expect(readClock(text)).toBeNull();
  });
});
