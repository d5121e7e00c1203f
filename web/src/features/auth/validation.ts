/** Client-side checks mirroring the server's (the server has the last word). */
export type Check = (value: string) => string | null;

export const required: Check = (value) => (value.trim() ? null : 'validation.required');

export const email: Check = (value) =>
  required(value) ?? (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'validation.email');

export const ukPostcode: Check = (value) =>
  required(value) ??
  (/^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/.test(
    value.trim().toUpperCase().replace(/\s+/g, ' '),
  )
    ? null
    : 'validation.postCode');

export const mobile: Check = (value) => {
  const missing = required(value);
  if (missing) return missing;
  const digits = value
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s()-]/g, '');
  return /^\d{10,15}$/.test(digits) ? null : 'validation.mobile';
};

export const password: Check = (value) => (value.length >= 10 ? null : 'validation.passwordLength');

export const optional: Check = (value) =>
  value.trim().length <= 100 ? null : 'validation.tooLong';

export const text: Check = (value) => required(value) ?? optional(value);

/** A town's or city's name, which has a letter in it: "1" is a house number in the wrong box. */
export const optionalPlace: Check = (value) =>
  optional(value) ?? (!value.trim() || /\p{L}/u.test(value) ? null : 'validation.placeName');

export const place: Check = (value) => required(value) ?? optionalPlace(value);

/** Runs `checks` over `values`; answers the message key of each failing field. */
export function validate<T extends Record<string, string>>(
  values: T,
  checks: Partial<Record<keyof T, Check>>,
): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const field of Object.keys(checks) as (keyof T)[]) {
    const message = checks[field]?.(values[field] ?? '');
    if (message) errors[field] = message;
  }
  return errors;
}

/** Adds the error of a confirmation left empty, or one that does not repeat the new password
 *  `field`: said with the password's own error, so one submit tells both. */
export function checkConfirmation<T extends { confirm_password: string }>(
  values: T,
  errors: Partial<Record<keyof T, string>>,
  field: keyof T,
) {
  if (!values.confirm_password) errors.confirm_password = 'validation.required';
  else if (values.confirm_password !== values[field])
    errors.confirm_password = 'validation.passwordMatch';
  return errors;
}
