import { SETPOINT } from '../config/constants';

/**
 * The text key of what is wrong with a typed setpoint, if anything: it is a plain decimal
 * ("1e1" is not, though a number field takes it) from 5 to 30 °C in steps of 0.5, as the server
 * requires.
 */
export function setpointError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return 'validation.required';
  const number = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text)) return 'validation.temperature';
  if (number < SETPOINT.min || number > SETPOINT.max || (number / SETPOINT.step) % 1 !== 0)
    return 'validation.temperature';
  return undefined;
}
