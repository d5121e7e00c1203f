import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useCallback, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Messages by field name (a value's, or a path inside one: `slots.0.start`). */
type Errors = Partial<Record<string, string>>;

/** The fields of `T` that hold text, the ones a FormField edits. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** What `useForm().field(name)` gives a FormField. */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
}

/** What takes the focus for the field whose input is `input`: a date picker's hidden input
 *  stands for its day, month and year, and the first of them takes it. */
function focusable(input: HTMLElement): HTMLElement {
  if (input.getAttribute('aria-hidden') !== 'true') return input;
  const group = input.closest('[role="group"]') ?? input.parentElement;
  return group?.querySelector<HTMLElement>('[role="spinbutton"]') ?? input;
}

/** Moves the focus to the first field on the page with an error (whatever order the checks
 *  ran in), so that keyboard and screen-reader users land on it: at once, or once it is drawn
 *  (a time slot's fields appear when the slot with the error is chosen). Errors with no
 *  `field-` element keep the focus where it is. */
function focusFirst(errors: Errors) {
  const named = Object.keys(errors).filter((name) => errors[name]);
  if (named.length === 0) return;
  const focus = () => {
    const fields = named.flatMap((name) => document.getElementById(`field-${name}`) ?? []);
    const [first] = fields.sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    if (first) focusable(first).focus();
    return first !== undefined;
  };
  if (!focus()) requestAnimationFrame(focus);
}

/** Fields holding what cannot be read, whose value is empty, which a check would call
 *  missing: a number field's "2e", a date field typed in part ("31/02/YYYY"). */
function unreadableInputs(values: Record<string, unknown>): Errors {
  const found: Errors = {};
  for (const [name, value] of Object.entries(values)) {
    const input = document.getElementById(`field-${name}`);
    if (!(input instanceof HTMLInputElement)) continue;
    if (input.validity.badInput) found[name] = 'validation.number';
    // A date picker hands over no date (null: only a date's value is ever null) until every
    // part is typed, while its input shows the parts.
    else if (value === null && input.value !== '') found[name] = 'validation.date';
  }
  return found;
}

/**
 * Form state with client checks and the server's field errors (`errors` of the envelope,
 * keyed by the API's field names, which are also the inputs' names). Values are mostly text;
 * lists (ids, time slots) are kept as they are and changed with `setValue`. Errors may also be
 * keyed by a path inside a value (`slots.0.start`).
 */
export function useForm<T extends Record<string, unknown>>(
  initial: T,
  validateValues: (values: T) => Errors,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [start] = useState(() => JSON.stringify(initial));
  /** Whether the values differ from those the form started with. */
  const dirty = JSON.stringify(values) !== start;

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Sets a value and clears the errors shown for it (and inside it: `slots.0.start`). The same
   *  function on every render, so that an effect may depend on it. */
  const setValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => key !== name && !key.startsWith(`${name}.`)),
      ),
    );
  }, []);

  /** What a FormField of `name` needs: its value, the change handler and its error. */
  const field = (name: TextKeys<T>): FieldProps => ({
    name,
    value: values[name] as string,
    onChange,
    error: errors[name],
  });

  /** Checks every field; answers whether the form may be sent. */
  const check = () => {
    const found = { ...validateValues(values), ...unreadableInputs(values) };
    setErrors(found);
    focusFirst(found);
    return Object.keys(found).length === 0;
  };

  /** The form's submit handler: checks every field, then `send`s the values. */
  const onSubmit = (send: (values: T) => Promise<unknown>) => (event: FormEvent) => {
    event.preventDefault();
    if (check()) void send(values);
  };

  /**
   * Shows the field errors of the server's refusal under their fields; answers whether each of
   * them is one of this form's (or inside one: `slots.0.start`), so the refusal is told in full.
   */
  const showServerErrors = ({ errors: server }: { errors: Record<string, string[]> }) => {
    const found: Errors = {};
    for (const [name, messages] of Object.entries(server)) {
      if (messages[0]) found[name] = messages[0];
    }
    setErrors(found);
    focusFirst(found);
    const ours = (name: string) =>
      Object.keys(values).some((field) => name === field || name.startsWith(`${field}.`));
    const names = Object.keys(found);
    return names.length > 0 && names.every(ours);
  };

  return { values, setValue, errors, dirty, field, check, onSubmit, showServerErrors };
}

/**
 * A labelled input whose `name` is the API field; shows its error below it. A password's can
 * show what was typed (on a phone's keyboard especially, a typo is otherwise found only by the
 * refusal).
 */
export function FormField({
  name,
  error,
  helperText,
  type,
  ...props
}: Omit<TextFieldProps, 'error'> & { name: string; error?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const reveal = password && (
    <InputAdornment position="end">
      <IconButton
        edge="end"
        aria-label={t(shown ? 'fields.hideTyped' : 'fields.showTyped')}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      id={`field-${name}`}
      name={name}
      type={password && shown ? 'text' : type}
      error={Boolean(error)}
      // Client messages are text keys; the server's arrive as sentences and pass through.
      helperText={error ? t(error) : helperText}
      // Addresses and names keep their own direction inside a right-to-left page.
      slotProps={{ htmlInput: { dir: 'auto' }, input: reveal ? { endAdornment: reveal } : {} }}
      {...props}
    />
  );
}

/** A form that the browser does not validate (the app's checks and the server's do). */
export function Form({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {children}
    </Box>
  );
}

/** The submit button of a form, disabled while it is being sent. */
export function SubmitButton({ busy, ...props }: ButtonProps & { busy: boolean }) {
  return <Button type="submit" variant="contained" disabled={busy} {...props} />;
}
