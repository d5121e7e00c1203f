import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { formatKg, formatShare } from '../../lib/units';
import { SavingFigures, visualisationPath } from '../analytics';
import { AmountForm } from './AmountForm';
import { energyPreferencesApi } from './api';
import { useDashboardFigures, useFreshMe, useGoals } from './goals';
import { MethodChoice } from './MethodChoice';
import { Section, ShareBar } from './parts';
import type { DashboardFigures } from './types';

/** This month's CO2 saved, always beside the baseline it is measured against. */
function MonthSaving({ saved }: { saved: DashboardFigures['co2_saved'] }) {
  const { t } = useTranslation();
  return (
    <>
      <SavingFigures {...saved} />
      {saved.goal_kg !== null && saved.progress !== null && (
        <ShareBar
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
  const { figures, error, reload } = useDashboardFigures();
  return (
    <Stack spacing={3}>
      <Section title={t('energyPrefs.goal.title')} intro={t('energyPrefs.goal.intro')}>
        {error ? (
          <LoadError message={error} onRetry={reload} />
        ) : figures ? (
          <Box sx={{ mb: 2 }}>
            <MonthSaving saved={figures.co2_saved} />
          </Box>
        ) : (
          <ListSkeleton rows={1} height={96} />
        )}
        <AmountForm
          key={goalKg ?? 'none'}
          label={t('energyPrefs.goal.label')}
          helper={t('energyPrefs.goal.help')}
          unit="kg"
          current={goalKg}
          submit={t('energyPrefs.goal.save')}
          send={energyPreferencesApi.setCarbonGoal}
          savedText={t('energyPrefs.goal.saved')}
          onSaved={reload}
        />
      </Section>
      <Section title={t('energyPrefs.method.title')} intro={t('energyPrefs.method.intro')}>
        <MethodChoice key={method} method={method} onSaved={reload} />
        <Stack direction="row" sx={{ mt: 2 }}>
          <Button component={RouterLink} to={visualisationPath('co2-savings')} variant="text">
            {t('energyPrefs.method.seeSavings')}
          </Button>
        </Stack>
      </Section>
    </Stack>
  );
}
