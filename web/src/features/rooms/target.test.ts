import { initI18n } from '../../i18n';
import { ltr } from '../../lib/format';
import { roomTargetText } from './target';

const i18n = initI18n('en');

describe('a room’s target in a list', () => {
  it('is the target of its radiators that are on, or says it is switched off', () => {
    const t = i18n.getFixedT('en');
    expect(roomTargetText({ status: 1, target_temperature: 20.5 }, t)).toBe(
      `target ${ltr('20.5\u00a0°C')}`,
    );
    expect(roomTargetText({ status: 0, target_temperature: null }, t)).toBe('switched off');
    expect(roomTargetText({ status: 0, target_temperature: null }, i18n.getFixedT('ar'))).toBe(
      'مُطفأة',
    );
  });
});
