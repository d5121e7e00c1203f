import { formatKg, formatKwh, formatPence, formatShare, figureColumn } from './units';

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

describe('a column of figures', () => {
  it('tells every figure to the decimals the smallest needs, so that the points line up', () => {
    const mixed = figureColumn([123.45, 9.851, 10], 'kWh');
    expect([123.45, 9.851, 10].map(mixed)).toEqual(
      ['123.45', '9.85', '10.00'].map((kwh) => iso(`${kwh}\u00a0kWh`)),
    );
    const large = figureColumn([123.45, 10, 0], 'kg');
    expect([123.45, 10, 0].map(large)).toEqual(
      ['123.5', '10.0', '0.0'].map((kg) => iso(`${kg}\u00a0kg`)),
    );
  });
});
