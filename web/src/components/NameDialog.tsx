import { useState, type FormEvent } from 'react';
import { useAction, type Answer } from '../lib/useAction';
import { FormField } from './form';
import { FormDialog, savedThenClose, type DialogFrame } from './FormDialog';

/**
 * Asks for a name (1–60 characters) and sends it with `save`; `onSaved` takes the server's
 * answer before the dialog closes, and a refusal shows under the field.
 */
export function NameDialog<R extends Answer>({
  label,
  initial = '',
  save,
  onSaved,
  ...frame
}: DialogFrame & {
  label: string;
  initial?: string;
  save: (name: string) => Promise<R>;
  onSaved?: (answer: R) => unknown;
}) {
  const { run, busy } = useAction();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('validation.required');
    if (trimmed.length > 60) return setError('validation.nameTooLong');
    void run(() => save(trimmed), {
      onSuccess: savedThenClose(onSaved, frame.onClose),
      // Told under the field alone, not in a toast as well.
      onError: ({ description, errors }) => {
        setError(errors.name?.[0] ?? description);
        return true;
      },
    });
  };

  return (
    <FormDialog {...frame} busy={busy} maxWidth="xs" onSubmit={onSubmit}>
      <FormField
        name="name"
        label={label}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error}
        required
        autoFocus
      />
    </FormDialog>
  );
}
