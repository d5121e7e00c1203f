import TextField from '@mui/material/TextField';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense } from 'react';
import { DATE_RANGE } from '../config/constants';
import { lazyPage } from './lazyPage';

export type { Dayjs };

const FORMAT = 'YYYY-MM-DD';

/** A date as the API sends it (`YYYY-MM-DD`), or null. */
export function parseDate(value: string | null): Dayjs | null {
  return value ? dayjs(value) : null;
}

/** What a date field holds, as the API takes it: `YYYY-MM-DD`, null when empty. */
export function formatDate(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format(FORMAT) : null;
}

/** The text key of what is wrong with a date (unreadable, or outside spec §9's range). */
export function dateError(value: Dayjs | null): string | undefined {
  if (!value) return undefined;
  if (!value.isValid()) return 'validation.date';
  const date = value.format(FORMAT);
  if (date < DATE_RANGE.min || date > DATE_RANGE.max) return 'validation.dateRange';
  return undefined;
}

export interface DateFieldProps {
  name: string;
  label: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  error?: string;
  helperText?: string;
  /** The earliest day the calendar offers, and where it opens while the field is empty. */
  earliest?: Dayjs | null;
  /** Marked as needed (the form's checks say so if it is left empty). */
  required?: boolean;
}

// The pickers are large: they load (with the chunk time-out) only where a form has a date.
const DatePickerField = lazyPage(() => import('./DatePickerField'));

/**
 * An optional date with a calendar, from 1900-01-01 to 2099-12-31 (spec §9), named like its API
 * field; shows its error below it like a FormField.
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextField label={props.label} name={props.name} disabled fullWidth margin="dense" />
      }
    >
      <DatePickerField {...props} />
    </Suspense>
  );
}
