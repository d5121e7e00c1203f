import { niceTicks } from './ticks';

describe('a value axis', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, from 0 past the largest value', () => {
    expect(niceTicks(0, 336)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(0, 60)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(0, 0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0, 9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0, 1234, 3)).toEqual([0, 1000, 2000]);
  });

  it('starts on a step at or below the lowest value, as temperatures need', () => {
    expect(niceTicks(17.6, 22.8, 6)).toEqual([16, 18, 20, 22, 24]);
    expect(niceTicks(19, 21, 6)).toEqual([19, 19.5, 20, 20.5, 21]);
    expect(niceTicks(-3, 4, 6)).toEqual([-4, -2, 0, 2, 4]);
  });
});
