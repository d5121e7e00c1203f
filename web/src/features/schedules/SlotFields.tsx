import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockField } from '../../components/ClockField';
import { FormField } from '../../components/form';
import { SETPOINT } from '../../config/constants';
import { slotRange, type EditedSlot } from './slots';

/** The chosen slot's exact times and setpoint, and its delete button. */
export function SlotFields({
  number,
  slot,
  name,
  errors,
  onChange,
  onDelete,
}: {
  number: number;
  slot: EditedSlot;
  name: string;
  errors: Partial<Record<string, string>>;
  onChange: (patch: Partial<EditedSlot>) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={id}
      sx={{ p: 2, mt: 2, borderColor: 'primary.main' }}
    >
      <Typography id={id} variant="h3" component="h3" gutterBottom>
        {t('schedules.editor.slotTitle', { number, range: slotRange(slot) })}
      </Typography>
      <Grid container columnSpacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <ClockField
            name={`${name}.start`}
            label={t('schedules.editor.start')}
            value={slot.start}
            error={errors[`${name}.start`]}
            onValue={(start) => onChange({ start })}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <ClockField
            name={`${name}.end`}
            endOfDay
            label={t('schedules.editor.end')}
            value={slot.end}
            error={errors[`${name}.end`]}
            helperText={t('schedules.editor.midnight')}
            onValue={(end) => onChange({ end })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <FormField
            name={`${name}.setpoint`}
            type="number"
            label={t('schedules.editor.setpoint')}
            value={slot.setpoint}
            error={errors[`${name}.setpoint`]}
            onChange={(event) => onChange({ setpoint: event.target.value })}
            slotProps={{
              htmlInput: { ...SETPOINT, inputMode: 'decimal' },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }} sx={{ pt: { sm: 1.5 } }}>
          <Button color="secondary" startIcon={<DeleteIcon />} onClick={onDelete}>
            {t('schedules.editor.delete')}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}
