import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure, FigurePanel } from '../../components/Figure';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { formatPence, formatRate, formatShare } from '../../lib/units';
import { MonthTarget } from './MonthTarget';
import { energyPreferencesApi } from './api';
import { useDashboardFigures, useFreshMe, useGoals } from './goals';
import { Section, ShareOfLimit } from './parts';
import { fetchCharges } from './slice';
import { TariffForm } from './TariffForm';
import { TariffHistory } from './TariffHistory';
import type { DashboardFigures } from './types';

/** This month's cost so far against the budget, with the forecast to the month's end. */
function MonthSoFar({ month }: { month: DashboardFigures['month'] }) {
  const { t } = useTranslation();
  const budget = month.budget_pence;
  const spentOver = budget === null ? 0 : month.cost_pence - budget;
  const over = budget !== null && month.forecast_pence > budget;
  return (
    <>
      <FigurePanel>
        <Figure
          label={t('energyPrefs.budget.spent')}
          value={formatPence(month.cost_pence)}
          testId="month-cost"
        />
        <Figure
          label={t('energyPrefs.budget.current')}
          value={budget === null ? t('energyPrefs.notSet') : formatPence(budget)}
          testId="month-budget"
        />
        <Figure
          label={t('energyPrefs.budget.forecast')}
          value={formatPence(month.forecast_pence)}
        />
      </FigurePanel>
      {month.budget_used !== null && (
        <ShareOfLimit
          label={t('energyPrefs.budget.used')}
          share={month.budget_used}
          overIsBad
          text={t('energyPrefs.budget.usedText', { share: formatShare(month.budget_used) })}
        />
      )}
      {spentOver > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('energyPrefs.budget.overSpent', { value: formatPence(spentOver) })}
        </Alert>
      ) : (
        over && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('energyPrefs.budget.overForecast')}
          </Alert>
        )
      )}
    </>
  );
}

/** The tariff in force and its history; `onChange` after one is added or deleted, as the month's
 *  cost is counted at them. */
function Tariffs({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { charges, isLoading, error } = useAppSelector((state) => state.charges);
  const load = () => void dispatch(fetchCharges());
  useEffect(() => {
    void dispatch(fetchCharges());
  }, [dispatch]);
  return (
    <Section title={t('energyPrefs.tariff.title')} intro={t('energyPrefs.tariff.intro')}>
      {charges && (
        <Typography sx={{ mb: 2 }} data-testid="tariff-current">
          {t(
            charges.is_default ? 'energyPrefs.tariff.currentDefault' : 'energyPrefs.tariff.current',
            {
              unit: formatRate(charges.current.unit_rate_pence, 'kWh'),
              standing: formatRate(charges.current.standing_charge_pence, 'day'),
            },
          )}
        </Typography>
      )}
      <TariffForm onAdded={onChange} />
      <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('energyPrefs.tariff.history')}
      </Typography>
      {error ? (
        <LoadError message={error} onRetry={load} />
      ) : charges ? (
        <TariffHistory charges={charges} onDeleted={onChange} />
      ) : (
        isLoading && <ListSkeleton rows={2} height={40} />
      )}
    </Section>
  );
}

/** `/preferences/energy-usage`: the monthly budget against this month's cost, and the tariff. */
export function EnergyUsagePreferences() {
  useFreshMe();
  const { budgetPence } = useGoals();
  const load = useDashboardFigures();
  return (
    <Stack spacing={3}>
      <MonthTarget
        key={budgetPence ?? 'none'}
        target="budget"
        current={budgetPence === null ? null : budgetPence / 100}
        send={energyPreferencesApi.setBudget}
        remove={energyPreferencesApi.removeBudget}
        load={load}
        figure={(figures) => <MonthSoFar month={figures.month} />}
      />
      <Tariffs onChange={load.reload} />
    </Stack>
  );
}
