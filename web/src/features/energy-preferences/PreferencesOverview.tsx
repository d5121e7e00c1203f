import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { formatCelsius } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { formatKg, formatPence, formatRate } from '../../lib/units';
import { savingState } from '../analytics';
import { averageTemperature, useRoomsNow } from './EntireOffice';
import { useDashboardFigures, useFreshMe, useGoals } from './goals';
import { fetchCharges } from './slice';

/** One preference at a glance: its key number, a line about it, and the way to change it. */
function GlanceCard({
  title,
  figure,
  testId,
  lines,
  to,
  action,
}: {
  title: string;
  figure: string;
  testId: string;
  lines: ReactNode[];
  to: string;
  action: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h2" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="h1" component="p" data-testid={testId} sx={{ my: 1 }}>
          {figure}
        </Typography>
        {lines.map((line, index) => (
          <Typography key={index} variant="body2" color="text.secondary">
            {line}
          </Typography>
        ))}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="outlined" component={RouterLink} to={to}>
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}

/** `/preferences`: the budget, the CF goal and the building, each with its key number. */
export function PreferencesOverview() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useFreshMe();
  const { budgetPence, goalKg, method } = useGoals();
  const { figures } = useDashboardFigures();
  const charges = useAppSelector((state) => state.charges.charges);
  const { rooms } = useRoomsNow();
  useEffect(() => {
    void dispatch(fetchCharges());
  }, [dispatch]);
  const heating = rooms.filter((now) => now.heating === 1).length;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }}>
        <GlanceCard
          title={t('energyPrefs.tabs.energy')}
          figure={budgetPence === null ? t('energyPrefs.notSet') : formatPence(budgetPence)}
          testId="glance-budget"
          lines={[
            t('energyPrefs.budget.perMonth'),
            figures &&
              t('energyPrefs.glance.spent', { cost: formatPence(figures.month.cost_pence) }),
            charges &&
              t('energyPrefs.glance.tariff', {
                unit: formatRate(charges.current.unit_rate_pence, 'kWh'),
                standing: formatRate(charges.current.standing_charge_pence, 'day'),
              }),
          ].filter(Boolean)}
          to={paths.preferencesEnergyUsage}
          action={t('energyPrefs.glance.energyAction')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <GlanceCard
          title={t('energyPrefs.tabs.co2')}
          figure={goalKg === null ? t('energyPrefs.notSet') : formatKg(goalKg)}
          testId="glance-goal"
          lines={[
            t('energyPrefs.goal.perMonth'),
            figures &&
              t(`energyPrefs.glance.${savingState(figures.co2_saved)}`, {
                saved: formatKg(Math.abs(figures.co2_saved.saved_kg)),
                baseline: formatKg(figures.co2_saved.baseline_kg),
              }),
            t('energyPrefs.glance.method', { method: t(`energyPrefs.method.${method}.name`) }),
          ].filter(Boolean)}
          to={paths.preferencesCo2Savings}
          action={t('energyPrefs.glance.co2Action')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <GlanceCard
          title={t('energyPrefs.tabs.office')}
          figure={t('energyPrefs.glance.heating', { heating, rooms: rooms.length })}
          testId="glance-office"
          lines={[
            t('energyPrefs.glance.roomsHeating'),
            t('energyPrefs.glance.average', { average: formatCelsius(averageTemperature(rooms)) }),
          ]}
          to={paths.preferencesEntireOffice}
          action={t('energyPrefs.glance.officeAction')}
        />
      </Grid>
    </Grid>
  );
}
