import { i18n } from '../i18n';
import { ltr } from './format';

// Figures read the same in either language: Latin digits with British grouping, isolated
// left-to-right like `formatCelsius`, so that "£1,250.00" never turns into "1,250.00£".
const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  signDisplay: 'negative',
});

/** `value` to `digits` decimals with British grouping; a figure that rounds to 0 is "0.00", never
 *  "-0.00". */
export function decimals(value: number, digits: number) {
  return value.toLocaleString('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'negative',
  });
}

/** Pence as pounds: 125050 → "£1,250.50". */
export function formatPence(pence: number) {
  return ltr(pounds.format(pence / 100));
}

/** The decimals a figure is told to: one from 10 up, two below. */
const digitsFor = (value: number) => (Math.abs(value) >= 10 ? 1 : 2);

/** "123.4 kWh", "5.25 kWh": the unit kept on the number's line (a no-break space). */
function figure(value: number, unit: string, digits = digitsFor(value)) {
  return ltr(`${decimals(value, digits)}\u00a0${unit}`);
}

export function formatKwh(kwh: number) {
  return figure(kwh, 'kWh');
}

/** A table's figures in `unit`, all to the decimals its largest takes, so that the points line
 *  up and one small figure does not change them: 594.2 kWh over 0.2 kWh, not 0.23 kWh; two
 *  decimals only where every figure is under 10. */
export function tableFigures(values: number[], unit: 'kWh' | 'kg') {
  const digits = digitsFor(Math.max(0, ...values.map(Math.abs)));
  return (value: number) => figure(value, unit, digits);
}

export function formatKg(kg: number) {
  return figure(kg, 'kg');
}

/**
 * A tariff's rate as the bill writes it, "24.5 p/kWh", "53.35 p/day", in the reader's words: the
 * Arabic ones read right to left after their number, so they are not isolated like a figure.
 */
export function formatRate(pence: number, per: 'kWh' | 'day') {
  const value = pence.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  return `${value}\u00a0${i18n.t(`rates.${per}`)}`;
}

/** A share as a whole percentage: 0.256 → "26%". */
export function formatShare(share: number) {
  return ltr(`${decimals(Math.round(share * 100), 0)}%`);
}

/** A whole number with British grouping: 1000 → "1,000". */
export function formatCount(count: number) {
  return ltr(decimals(count, 0));
}
