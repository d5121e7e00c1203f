import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from './form';

/** What the opener of a form dialog says: whether it is open, its texts, and how it closes. */
export interface DialogFrame {
  open: boolean;
  title: string;
  /** The submit button's text. */
  submit: string;
  onClose: () => void;
}

/** A dialog around a small form: its title, its fields, cancel and submit. */
export function FormDialog({
  open,
  title,
  submit,
  busy,
  maxWidth,
  destructive,
  onSubmit,
  onClose,
  children,
}: DialogFrame & {
  busy: boolean;
  maxWidth: DialogProps['maxWidth'];
  /** The submit button cannot be undone: it is coloured as a warning. */
  destructive?: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} fullWidth maxWidth={maxWidth}>
      <Form
        onSubmit={(event) => {
          // React carries events through the portal to the page's own form, when it is opened
          // from inside one: this form's submit is its own.
          event.stopPropagation();
          onSubmit(event);
        }}
      >
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('profile.cancel')}</Button>
          <SubmitButton busy={busy} color={destructive ? 'secondary' : 'primary'}>
            {submit}
          </SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** What a dialog does once saved: `onSaved` takes the server's answer, then the dialog closes. */
export function savedThenClose<R>(
  onSaved: ((answer: R) => unknown) | undefined,
  close: () => void,
) {
  return async (answer: R) => {
    await onSaved?.(answer);
    close();
  };
}
