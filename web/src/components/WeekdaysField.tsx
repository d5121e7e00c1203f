import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '../lib/format';

const WEEK = [1, 2, 3, 4, 5, 6, 7];

/** A checkbox per day of the week (ISO numbers, 1 = Monday), named in the app's language. */
export function WeekdaysField({
  legend,
  name,
  days,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  days: number[];
  onChange: (days: number[]) => void;
  /** The message under the field, already translated. */
  error?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <FormControl
      component="fieldset"
      margin="dense"
      error={Boolean(error)}
      sx={{ display: 'block' }}
    >
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row>
        {WEEK.map((day) => (
          <FormControlLabel
            key={day}
            label={weekdayName(day, i18n.language)}
            control={
              <Checkbox
                name={name}
                value={day}
                checked={days.includes(day)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...days, day] : days.filter((other) => other !== day),
                  )
                }
                slotProps={{ input: { 'aria-label': weekdayName(day, i18n.language, 'long') } }}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
