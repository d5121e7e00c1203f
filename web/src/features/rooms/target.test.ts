import { initI18n } from '../../i18n';
import { ltr } from '../../lib/format';
import { groupTargetFigure, roomTargetText } from './target';

const i18n = initI18n('en');
const t = i18n.getFixedT('en');
const none = { target_temperature: null, lowest_target: null, highest_target: null };
const one = (target: number) => ({
  target_temperature: target,
  lowest_target: target,
  highest_target: target,
});

describe('a room’s target in a list', () => {
  it('is the target of its radiators that are on, or says it is switched off', () => {
    const off = { ...none, status: 0, radiator_count: 2 };
    expect(roomTargetText({ ...one(20.5), status: 1, radiator_count: 2 }, t)).toBe(
      `target ${ltr('20.5\u00a0°C')}`,
    );
    expect(roomTargetText(off, t)).toBe('switched off');
    expect(roomTargetText(off, i18n.getFixedT('ar'))).toBe('مُطفأة');
  });

  it('is no target for a room without radiators, not a switched-off one', () => {
    expect(roomTargetText({ ...none, status: 0, radiator_count: 0 }, t)).toBe('no target');
  });
});

describe('a room’s or zone’s target as a figure', () => {
  it('is the temperature, switched off, or a dash without radiators', () => {
    expect(groupTargetFigure({ ...one(19), status: 1, radiator_count: 3 }, t)).toBe(
      ltr('19.0\u00a0°C'),
    );
    expect(groupTargetFigure({ ...none, status: 0, radiator_count: 3 }, t)).toBe('Switched off');
    expect(groupTargetFigure({ ...none, status: 0, radiator_count: 0 }, t)).toBe('–');
  });

  it('is the range of its radiators’ targets where they differ, not their average', () => {
    const mixed = { target_temperature: 23, lowest_target: 22, highest_target: 24 };
    expect(groupTargetFigure({ ...mixed, status: 1, radiator_count: 2 }, t)).toBe(
      ltr('22.0–24.0\u00a0°C'),
    );
    expect(roomTargetText({ ...mixed, status: 1, radiator_count: 2 }, t)).toBe(
      `target ${ltr('22.0–24.0\u00a0°C')}`,
    );
  });
});
