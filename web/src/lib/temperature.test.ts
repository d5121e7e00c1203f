import { setpointError } from './temperature';

describe('a typed setpoint', () => {
  it('is a plain decimal from 5 to 30 °C in steps of 0.5', () => {
    for (const good of ['5', '21', ' 21.5 ', '30', '20.50'])
      expect(setpointError(good)).toBeUndefined();
    expect(setpointError('')).toBe('validation.required');
    expect(setpointError('  ')).toBe('validation.required');
    for (const bad of ['1e1', '4.5', '30.5', '20.3', '-10', '0x14', '21,5'])
      expect(setpointError(bad)).toBe('validation.temperature');
  });
});
