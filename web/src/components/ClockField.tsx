import { useTheme } from '@mui/material/styles';
import type { TextFieldProps } from '@mui/material/TextField';
import { readClock } from '../lib/clock';
import { FormField } from './form';

/**
 * A time of day, typed and shown as 24-hour "HH:MM" whatever the browser's language (a time
 * input shows "07:30 PM" in some). What was typed is tidied when the field is left ("730" is
 * 07:30, "7pm" 19:00); with `endOfDay`, 00:00 is the midnight that ends the day, 24:00.
 */
export function ClockField({
  value,
  onValue,
  endOfDay = false,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  name: string;
  value: string;
  onValue: (value: string) => void;
  endOfDay?: boolean;
  error?: string;
}) {
  const { direction } = useTheme();
  const tidy = () => {
    const tidied = readClock(value, endOfDay);
    if (tidied !== null && tidied !== value) onValue(tidied);
  };
  return (
    <FormField
      {...props}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      onBlur={tidy}
      autoComplete="off"
      // Digits and a colon, left to right in either direction of the page, but standing at
      // the page's start as the other fields' values do.
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          maxLength: 8,
          dir: 'ltr',
          style: { textAlign: direction === 'rtl' ? 'right' : 'left' },
        },
      }}
    />
  );
}
