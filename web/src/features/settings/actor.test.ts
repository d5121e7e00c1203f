import { initI18n } from '../../i18n';
import { actorText } from './actor';

const i18n = initI18n('en');

describe('what changed a record on its own', () => {
  it('is worded in the reader’s language, with the server’s words for a form it does not know', () => {
    const t = i18n.getFixedT('en');
    expect(actorText("schedule 'Office hours'", t)).toBe('schedule “Office hours”');
    expect(actorText("schedule 'Office hours' (optimum start)", t)).toBe(
      'schedule “Office hours” (Optimum start)',
    );
    expect(actorText("automation 'frost protection'", t)).toBe('automation “Frost protection”');
    expect(actorText('the night shift', t)).toBe('the night shift');

    const ar = i18n.getFixedT('ar');
    expect(actorText("schedule 'Office hours' (eco: over budget)", ar)).toBe(
      'الجدول «\u2068Office hours\u2069» (الوضع الاقتصادي عند تجاوز الميزانية)',
    );
    expect(actorText("automation 'open-window detection'", ar)).toBe(
      'الأتمتة «\u2068كشف النافذة المفتوحة\u2069»',
    );
  });
});
