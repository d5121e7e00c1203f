import { savingState } from './saving';

describe('how a CO2 saving reads', () => {
  it('is above the baseline whenever more was emitted, a first evening’s heating included', () => {
    expect(savingState({ baseline_kg: 0, saved_kg: -0.19 })).toBe('over');
    expect(savingState({ baseline_kg: 2, saved_kg: -0.2 })).toBe('over');
  });

  it('is saved down to what two decimals show', () => {
    expect(savingState({ baseline_kg: 2, saved_kg: 0.5 })).toBe('saved');
    expect(savingState({ baseline_kg: 2, saved_kg: -0.004 })).toBe('saved');
  });

  it('is nothing to measure with neither a baseline nor any CO2', () => {
    expect(savingState({ baseline_kg: 0, saved_kg: 0 })).toBe('none');
  });
});
