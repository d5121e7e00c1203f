import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Heading } from '../../components/Heading';
import { LinkAlert } from '../../components/LinkAlert';
import { ListStates, LoadError } from '../../components/ListStates';
import { paths } from '../../config/paths';
import { formatKg, formatShare } from '../../lib/units';
import { SavingTotals } from '../analytics';
import { insightsApi } from './api';
import { useLoad } from '../../lib/useLoad';
import { ShareBar } from '../../components/ShareBar';

/** Where a tip's link leads, by its path, for words that say so; another path acts on it. */
const GOES_TO: Record<string, string> = {
  '/schedules': 'schedules',
  '/settings?tab=automations': 'automations',
  '/zones': 'zones',
  '/rooms': 'rooms',
  '/radiators': 'radiators',
  '/analytics/rooms-usage': 'roomsUsage',
  '/preferences/energy-usage': 'budget',
  '/preferences/co2-savings': 'goal',
};

const readTips = async () => (await insightsApi.tips()).data.data.energy_savings_tips;
const readSaving = async () => (await insightsApi.co2ThisMonth()).data.data.co2_saving;

/**
 * `/reduce-carbon-footprint`: this month's CO2 saving against the CF goal, then the actions
 * that save most, largest estimated saving first, each leading to where it is done.
 */
export function ReduceCarbonFootprint() {
  const { t, i18n } = useTranslation();
  const saving = useLoad(readSaving, 'CO2 saving');
  const goal = saving.value?.goal.monthly_kg ?? null;
  const progress = saving.value?.goal.months.at(-1)?.progress ?? null;
  return (
    <Stack spacing={3}>
      <Heading title={t('nav.reduceCarbonFootprint')} intro={t('reduce.intro')} space={0} />
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        component="section"
        aria-labelledby="reduce-progress"
      >
        <Typography id="reduce-progress" variant="h2" gutterBottom>
          {t('reduce.progress')}
        </Typography>
        {saving.error && <LoadError message={saving.error} onRetry={saving.retry} />}
        {saving.value && (
          <Stack spacing={2}>
            <SavingTotals saving={saving.value} />
            {goal === null ? (
              <LinkAlert
                severity="info"
                to={paths.preferencesCo2Savings}
                linkLabel={t('dashboard.co2.setGoal')}
              >
                {t('dashboard.co2.noGoal')}
              </LinkAlert>
            ) : (
              <div>
                <Typography data-testid="goal-progress" gutterBottom>
                  {t('reduce.goal', {
                    share: formatShare(Math.max(progress ?? 0, 0)),
                    goal: formatKg(goal),
                  })}
                </Typography>
                <ShareBar share={progress ?? 0} aria-label={t('reduce.progress')} />
              </div>
            )}
          </Stack>
        )}
      </Paper>
      {/* Read again in a newly chosen language: the server writes the tips in both. */}
      <Tips key={i18n.language} />
    </Stack>
  );
}

/** The actions, largest estimated saving first. */
function Tips() {
  const { t } = useTranslation();
  const tips = useLoad(readTips, 'tips');
  return (
    <section aria-labelledby="reduce-actions">
      <Typography id="reduce-actions" variant="h2" gutterBottom>
        {t('reduce.actions')}
      </Typography>
      <ListStates
        count={tips.value?.length ?? 0}
        load={{ loading: tips.value === null, error: tips.error, retry: tips.retry }}
        empty={{ title: t('reduce.noTips'), text: '' }}
      >
        <Stack spacing={1.5} component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {tips.value?.map((tip) => (
            <Paper key={tip.id} component="li" variant="outlined" sx={{ p: 2 }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
              >
                <Typography variant="h3">{tip.title}</Typography>
                <Chip size="small" label={t(`reduce.categories.${tip.category}`)} />
                <Chip
                  size="small"
                  color="success"
                  label={t('reduce.saving', { percent: tip.estimated_saving_percent })}
                />
              </Stack>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {tip.body}
              </Typography>
              {tip.action_path && (
                <Button component={RouterLink} to={tip.action_path} size="small">
                  {GOES_TO[tip.action_path]
                    ? t(`reduce.goesTo.${GOES_TO[tip.action_path]}`)
                    : t('insights.act')}
                </Button>
              )}
            </Paper>
          ))}
        </Stack>
      </ListStates>
    </section>
  );
}
