import { initI18n } from '.';

const i18n = initI18n('en');

describe('counted texts', () => {
  it('say one room, reading or radiator in the singular, in English and in Arabic', () => {
    const en = i18n.getFixedT('en');
    const ar = i18n.getFixedT('ar');
    const usage = 'analytics.usage.rooms.summary';
    expect(en(usage, { count: 1, total: 'x' })).toBe('1 room used x');
    expect(en(usage, { count: 3, total: 'x' })).toBe('3 rooms used x');
    expect(ar(usage, { count: 1, total: 'x' })).toBe('استهلكت غرفة واحدة x');
    // Arabic's other forms (two, a few, many) read the general text.
    expect(ar(usage, { count: 3, total: 'x' })).toBe('استهلكت 3 غرف x');
    const online = { online: 1, total: 1, heating: 0 };
    expect(en('dashboard.rooms.radiators', { ...online, count: 1 })).toBe(
      '1 of 1 radiator online\u00a0· 0 heating',
    );
  });
});
