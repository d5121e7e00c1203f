import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import arabic from 'dayjs/locale/ar';
import 'dayjs/locale/en-gb';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_RANGE } from '../config/constants';
import type { DateFieldProps } from './DateField';

/** As a UK business writes a date; the API gets `YYYY-MM-DD` (`formatDate`). */
const SHOWN = 'DD/MM/YYYY';

// The calendar's weeks start on Monday in both languages, as the app's weeks do (dayjs's
// Arabic starts them on Saturday).
const ARABIC = 'ar-monday';
dayjs.locale({ ...arabic, name: ARABIC, weekStart: 1 }, undefined, true);

/** The calendar picker behind `DateField`, loaded with the first form that has a date. */
export default function DatePickerField({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  earliest,
  required = false,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const parts = useRef<HTMLDivElement>(null);
  // MUI marks the group of day, month and year invalid and describes it, but a screen reader
  // reads only the part that has the focus: each part carries the error and the help too
  // (after every render, as the picker may draw its parts anew).
  useEffect(() => {
    const described = error ?? helperText;
    for (const part of parts.current?.querySelectorAll('[role="spinbutton"]') ?? []) {
      part.setAttribute('aria-invalid', String(Boolean(error)));
      if (described) part.setAttribute('aria-describedby', `field-${name}-helper-text`);
      else part.removeAttribute('aria-describedby');
    }
  });
  const localeText = {
    previousMonth: t('dates.previousMonth'),
    nextMonth: t('dates.nextMonth'),
    cancelButtonLabel: t('dates.cancel'),
    clearButtonLabel: t('dates.clear'),
    fieldClearLabel: t('choices.clear', { field: label }),
    okButtonLabel: t('dates.ok'),
    todayButtonLabel: t('dates.today'),
    // The field's parts, as screen readers name them.
    year: t('dates.year'),
    month: t('dates.month'),
    day: t('dates.day'),
    fieldDayPlaceholder: () => t('dates.dayPlaceholder'),
    fieldMonthPlaceholder: () => t('dates.monthPlaceholder'),
    fieldYearPlaceholder: () => t('dates.yearPlaceholder'),
    datePickerToolbarTitle: t('dates.choose'),
    openDatePickerDialogue: (formatted: string | null) =>
      formatted
        ? t('dates.chosen', { field: label, date: formatted })
        : t('dates.chooseFor', { field: label }),
  };
  return (
    <div ref={parts} style={{ display: 'contents' }}>
      <LocalizationProvider
        dateAdapter={AdapterDayjs}
        adapterLocale={i18n.language === 'ar' ? ARABIC : 'en-gb'}
        localeText={localeText}
      >
        <DatePicker
          label={label}
          value={value}
          onChange={onChange}
          format={SHOWN}
          minDate={earliest ?? dayjs(DATE_RANGE.min)}
          referenceDate={earliest ?? undefined}
          maxDate={dayjs(DATE_RANGE.max)}
          slotProps={{
            field: { clearable: true },
            textField: {
              id: `field-${name}`,
              name,
              fullWidth: true,
              margin: 'dense',
              required,
              error: Boolean(error),
              helperText: error ? t(error) : helperText,
            },
          }}
        />
      </LocalizationProvider>
    </div>
  );
}
