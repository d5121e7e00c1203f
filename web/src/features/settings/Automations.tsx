import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockField } from '../../components/ClockField';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { ListStates } from '../../components/ListStates';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { readClock, toMinutes } from '../../lib/clock';
import { useAction } from '../../lib/useAction';
import { settingsApi } from './api';
import { automationsChanged, fetchAutomations } from './slice';
import type { Automation, Parameters } from './types';

/** How a parameter is typed: as its saved value is, a number, a time of day or text. */
function kindOf(saved: Parameters[string] | undefined) {
  if (typeof saved === 'number') return 'number';
  return toMinutes(String(saved)) === null ? 'text' : 'time';
}

/** Whether a number is outside its limits, as the server checks them: from `min` to `max`, a
 *  whole number of `step`s. */
function outside(value: number, limits: Automation['limits'][string] | undefined) {
  if (!limits) return false;
  return value < limits.min || value > limits.max || !Number.isInteger(value / limits.step);
}

/** Every automation HeatDesk offers, each on a card with its switch and parameters. */
export function Automations() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { automations, isLoading, error } = useAppSelector((state) => state.settings);
  const load = useCallback(() => void dispatch(fetchAutomations()), [dispatch]);
  useEffect(load, [load]);
  return (
    <ListStates
      count={automations.length}
      load={{ loading: isLoading, error, retry: load }}
      empty={{
        title: t('settings.automations.emptyTitle'),
        text: t('settings.automations.emptyText'),
      }}
      skeleton={{ rows: 3, height: 160 }}
    >
      <Grid container spacing={2}>
        {automations.map((automation) => (
          <Grid key={automation.key} size={{ xs: 12, md: 6 }}>
            <AutomationCard automation={automation} />
          </Grid>
        ))}
      </Grid>
    </ListStates>
  );
}

/** The parameters as typed, numbers back to numbers and times as "HH:MM". */
function parametersOf(values: Record<string, string>, saved: Parameters): Parameters {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const kind = kindOf(saved[name]);
      if (kind === 'number') return [name, Number(value)];
      return [name, kind === 'time' ? (readClock(value) ?? value) : value];
    }),
  );
}

function AutomationCard({ automation }: { automation: Automation }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const id = useId();
  const names = Object.keys(automation.parameters);
  const form = useForm<Record<string, string>>(
    Object.fromEntries(names.map((name) => [name, String(automation.parameters[name])])),
    (values) => {
      const errors: Record<string, string> = {};
      for (const name of names) {
        const value = values[name] ?? '';
        const kind = kindOf(automation.parameters[name]);
        if (!value.trim()) errors[name] = 'validation.required';
        else if (kind === 'number' && Number.isNaN(Number(value)))
          errors[name] = 'validation.number';
        else if (kind === 'time' && readClock(value) === null) errors[name] = 'validation.time';
        else if (kind === 'number' && outside(Number(value), automation.limits[name]))
          errors[name] = t('settings.automations.outOfRange', automation.limits[name]);
      }
      return errors;
    },
  );
  const text = (part: 'name' | 'description') =>
    t(`settings.automations.items.${automation.key}.${part}`, { defaultValue: automation[part] });

  const save = (enabled: number, parameters: Parameters) =>
    run(() => settingsApi.setAutomation({ key: automation.key, enabled, parameters }), {
      onSuccess: ({ data }) => dispatch(automationsChanged(data.data.automations)),
      // The server names parameters as `parameters.<name>`; the inputs are named `<name>`.
      onError: ({ errors }) =>
        form.showServerErrors({
          errors: Object.fromEntries(
            Object.entries(errors).map(([key, messages]) => [
              key.replace(/^parameters\./, ''),
              messages,
            ]),
          ),
        }),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <Form
        onSubmit={form.onSubmit((values) =>
          save(automation.enabled, parametersOf(values, automation.parameters)),
        )}
      >
        <CardContent>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
          >
            <Typography id={id} variant="h3" component="h2">
              {text('name')}
            </Typography>
            <Switch
              checked={automation.enabled === 1}
              disabled={busy}
              // With the values as typed, so switching does not quietly drop an edit not saved.
              onChange={(event) => {
                if (form.check())
                  void save(
                    event.target.checked ? 1 : 0,
                    parametersOf(form.values, automation.parameters),
                  );
              }}
              slotProps={{
                input: { 'aria-label': t('settings.automations.switch', { name: text('name') }) },
              }}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
            {text('description')}
          </Typography>
          <Grid container columnSpacing={2}>
            {names.map((name) => {
              const kind = kindOf(automation.parameters[name]);
              const label = t(`settings.automations.parameters.${name}`, {
                defaultValue: name.replace(/_/g, ' '),
              });
              const field = form.field(name);
              const limits = automation.limits[name];
              return (
                <Grid key={name} size={{ xs: 12, sm: 6 }}>
                  {kind === 'time' ? (
                    <ClockField
                      name={name}
                      value={field.value}
                      error={field.error}
                      label={label}
                      onValue={(value) => form.setValue(name, value)}
                    />
                  ) : (
                    <FormField
                      {...field}
                      type={kind}
                      label={label}
                      // What it may be, before a refusal has to say so.
                      helperText={limits && t('settings.automations.range', limits)}
                      slotProps={
                        kind === 'number'
                          ? { htmlInput: { inputMode: 'decimal', ...limits } }
                          : undefined
                      }
                    />
                  )}
                </Grid>
              );
            })}
          </Grid>
        </CardContent>
        {names.length > 0 && (
          <CardActions sx={{ px: 2, pb: 2 }}>
            <SubmitButton busy={busy} size="small">
              {t('settings.automations.save', { name: text('name') })}
            </SubmitButton>
          </CardActions>
        )}
      </Form>
    </Card>
  );
}
