import { initI18n } from '../../i18n';
import { ltr } from '../../lib/format';
import { groupTargetFigure, roomTargetText } from './target';

const i18n = initI18n('en');
const t = i18n.getFixedT('en');

describe('a room’s target in a list', () => {
  it('is the target of its radiators that are on, or says it is switched off', () => {
    const off = { status: 0, target_temperature: null, radiator_count: 2 };
    expect(roomTargetText({ status: 1, target_temperature: 20.5, radiator_count: 2 }, t)).toBe(
      `target ${ltr('20.5\u00a0°C')}`,
    );
    expect(roomTargetText(off, t)).toBe('switched off');
    expect(roomTargetText(off, i18n.getFixedT('ar'))).toBe('مُطفأة');
  });

  it('is no target for a room without radiators, not a switched-off one', () => {
    expect(roomTargetText({ status: 0, target_temperature: null, radiator_count: 0 }, t)).toBe(
      'no target',
    );
  });
});

describe('a room’s or zone’s target as a figure', () => {
  it('is the temperature, switched off, or a dash without radiators', () => {
    expect(groupTargetFigure({ status: 1, target_temperature: 19, radiator_count: 3 }, t)).toBe(
      ltr('19.0\u00a0°C'),
    );
    expect(groupTargetFigure({ status: 0, target_temperature: null, radiator_count: 3 }, t)).toBe(
      'Switched off',
    );
    expect(groupTargetFigure({ status: 0, target_temperature: null, radiator_count: 0 }, t)).toBe(
      '–',
    );
  });
});
