import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatKg, formatShare } from '../../lib/units';
import { SavingFigures, visualisationPath } from '../analytics';
import { MonthTarget } from './MonthTarget';
import { energyPreferencesApi } from './api';
import { useDashboardFigures, useFreshMe, useGoals } from './goals';
import { MethodChoice } from './MethodChoice';
import { Section, ShareOfLimit } from './parts';
import type { DashboardFigures } from './types';

/** This month's CO2 saved, always beside the baseline it is measured against; a goal above the
 *  whole month's baseline is said to be out of reach. */
function MonthSaving({ saved }: { saved: DashboardFigures['co2_saved'] }) {
  const { t } = useTranslation();
  // Not even every radiator switched off saves more than the baseline.
  const monthBaseline = saved.month_baseline_kg;
  return (
    <>
      <SavingFigures {...saved} />
      {saved.goal_kg !== null && monthBaseline !== null && saved.goal_kg > monthBaseline && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="goal-out-of-reach">
          {t('energyPrefs.goal.outOfReach', { baseline: formatKg(monthBaseline) })}
        </Alert>
      )}
      {saved.goal_kg !== null && saved.progress !== null && (
        <ShareOfLimit
          label={t('energyPrefs.goal.progress')}
          share={Math.max(0, saved.progress)}
          overIsBad={false}
          text={t('energyPrefs.goal.progressText', {
            saved: formatKg(Math.max(0, saved.saved_kg)),
            goal: formatKg(saved.goal_kg),
            share: formatShare(Math.max(0, saved.progress)),
          })}
        />
      )}
    </>
  );
}

/** `/preferences/co2-savings`: the monthly CF goal, this month's saving and the CO2 method. */
export function Co2Preferences() {
  const { t } = useTranslation();
  useFreshMe();
  const { goalKg, method } = useGoals();
  const load = useDashboardFigures();
  return (
    <Stack spacing={3}>
      <MonthTarget
        key={goalKg ?? 'none'}
        target="goal"
        current={goalKg}
        send={energyPreferencesApi.setCarbonGoal}
        remove={energyPreferencesApi.removeCarbonGoal}
        load={load}
        figure={(figures) => <MonthSaving saved={figures.co2_saved} />}
      />
      <Section title={t('energyPrefs.method.title')} intro={t('energyPrefs.method.intro')}>
        <MethodChoice key={method} method={method} onSaved={load.reload} />
        <Stack direction="row" sx={{ mt: 2 }}>
          <Button component={RouterLink} to={visualisationPath('co2-savings')} variant="text">
            {t('energyPrefs.method.seeSavings')}
          </Button>
        </Stack>
      </Section>
    </Stack>
  );
}
