import { formatKg, formatKwh, formatPence, formatShare, tableFigures } from './units';

const iso = (text: string) => `\u2066${text}\u2069`;

// A figure's unit stays on its line: a no-break space sits between them.
describe('figures', () => {
  it('are grouped the British way, and a figure that rounds to nothing has no minus sign', () => {
    expect(formatKwh(1234.56)).toBe(iso('1,234.6\u00a0kWh'));
    expect(formatKg(7.595)).toBe(iso('7.60\u00a0kg'));
    expect(formatKwh(-0)).toBe(iso('0.00\u00a0kWh'));
    expect(formatKg(-0.001)).toBe(iso('0.00\u00a0kg'));
    expect(formatPence(-0.2)).toBe(iso('£0.00'));
    expect(formatKwh(-3.2)).toBe(iso('-3.20\u00a0kWh'));
    expect(formatShare(254.834)).toBe(iso('25,483%'));
    expect(formatShare(0.794)).toBe(iso('79%'));
  });
});

describe('a table’s figures', () => {
  it('are all told to the decimals the largest takes, so that the points line up', () => {
    const values = [594.15, 9.851, 0.23, 0, -12];
    expect(values.map(tableFigures(values, 'kWh'))).toEqual(
      ['594.2', '9.9', '0.2', '0.0', '-12.0'].map((kwh) => iso(`${kwh}\u00a0kWh`)),
    );
    const small = [9.851, 0.5, -0.25];
    expect(small.map(tableFigures(small, 'kg'))).toEqual(
      ['9.85', '0.50', '-0.25'].map((kg) => iso(`${kg}\u00a0kg`)),
    );
  });
});
