import { useState, type FormEvent } from 'react';
import { useAction, type Answer } from '../lib/useAction';
import { FormField } from './form';
import { FormDialog, savedThenClose } from './FormDialog';

/**
 * Asks for a name (1–60 characters) and sends it with `save`; `onSaved` takes the server's
 * answer before the dialog closes, and a refusal shows under the field.
 */
export function NameDialog<R extends Answer>({
  open,
  title,
  label,
  initial = '',
  submit,
  save,
  onSaved,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  submit: string;
  save: (name: string) => Promise<R>;
  onSaved?: (answer: R) => unknown;
  onClose: () => void;
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
      onSuccess: savedThenClose(onSaved, onClose),
      onError: ({ description, errors }) => setError(errors.name?.[0] ?? description),
    });
  };

  return (
    <FormDialog
      open={open}
      title={title}
      submit={submit}
      busy={busy}
      maxWidth="xs"
      onSubmit={onSubmit}
      onClose={onClose}
    >
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
