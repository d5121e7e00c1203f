import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * Form state with client checks and the server's field errors (`errors` of the envelope,
 * keyed by the API's field names, which are also the inputs' names).
 */
export function useForm<T extends Record<string, string>>(
  initial: T,
  validateValues: (values: T) => Errors<T>,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Checks every field; answers whether the form may be sent. */
  const check = () => {
    const found = validateValues(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const showServerErrors = (server: Record<string, string[]>) => {
    const found: Errors<T> = {};
    for (const [field, messages] of Object.entries(server)) {
      if (messages[0]) found[field as keyof T] = messages[0];
    }
    setErrors(found);
  };

  return { values, setValues, errors, onChange, check, showServerErrors };
}

/** A labelled input whose `name` is the API field; shows its error below it. */
export function FormField({
  name,
  error,
  helperText,
  ...props
}: Omit<TextFieldProps, 'error'> & { name: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      id={`field-${name}`}
      name={name}
      error={Boolean(error)}
      // Client messages are text keys; the server's arrive as sentences and pass through.
      helperText={error ? t(error) : helperText}
      // Addresses and names keep their own direction inside a right-to-left page.
      slotProps={{ htmlInput: { dir: 'auto' } }}
      {...props}
    />
  );
}
