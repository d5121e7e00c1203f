import { initI18n } from '.';

const i18n = initI18n('en');

describe('counted texts', () => {
  it('say one room, reading or radiator in the singular, in English and in Arabic', () => {
    const en = i18n.getFixedT('en');
    const ar = i18n.getFixedT('ar');
    const usage = 'analytics.usage.rooms.summary';
    expect(en(usage, { count: 1, total: 'x' })).toBe('x in 1 room');
    expect(en(usage, { count: 3, total: 'x' })).toBe('x across 3 rooms');
    expect(ar(usage, { count: 1, total: 'x' })).toBe('x في غرفة واحدة');
    // Arabic counts two in the dual, three to ten in the plural, then in the singular again.
    expect(ar(usage, { count: 2, total: 'x' })).toBe('x في غرفتين');
    expect(ar(usage, { count: 3, total: 'x' })).toBe('x في 3 غرف');
    expect(ar(usage, { count: 10, total: 'x' })).toBe('x في 10 غرف');
    expect(ar(usage, { count: 11, total: 'x' })).toBe('x في 11 غرفة');
    expect(ar(usage, { count: 100, total: 'x' })).toBe('x في 100 غرفة');
    expect(ar(usage, { count: 103, total: 'x' })).toBe('x في 103 غرف');
    const online = { online: 1, total: 1, heating: 0 };
    expect(en('dashboard.rooms.radiators', { ...online, count: 1 })).toBe(
      '1 of 1 radiator online\u00a0· 0 heating',
    );
  });

  it('write each Arabic counted noun in the form its number asks for', () => {
    const ar = i18n.getFixedT('ar');
    const live = { online: 1, heating: 0 };
    const radiators = (total: number) =>
      ar('dashboard.rooms.radiators', { ...live, count: total, total });
    expect(radiators(2)).toBe('1 من مدفأتين متصلة\u00a0· 0 تُدفئ');
    expect(radiators(5)).toBe('1 من 5 مدافئ متصلة\u00a0· 0 تُدفئ');
    expect(radiators(12)).toBe('1 من 12 مدفأة متصلة\u00a0· 0 تُدفئ');
    const offline = (count: number) =>
      ar('insights.kinds.offline.bodyMany', { count, number: String(count), name: 'x' });
    expect(offline(2)).toMatch(/^توقفت مدفأتان عن الإبلاغ/);
    expect(offline(4)).toMatch(/^توقفت 4 مدافئ عن الإبلاغ/);
    expect(offline(25)).toMatch(/^توقفت 25 مدفأة عن الإبلاغ/);
    const limit = (count: number) =>
      ar('subscriptions.moveDownText', { count, limit: String(count) })
        .split('، ')
        .pop();
    expect(limit(10)).toBe('لعدد يصل إلى 10 مدافئ.');
    expect(limit(50)).toBe('لعدد يصل إلى 50 مدفأة.');
  });
});
