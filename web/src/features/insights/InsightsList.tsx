import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/ListStates';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/useAction';
import { insightsApi } from './api';
import { InsightCard } from './InsightCard';
import { useLoad } from '../../lib/useLoad';

const readInsights = async () => (await insightsApi.insights()).data.data.insights;

/** `/insights`: what the business's last week says, most severe first, refreshed on demand. */
export function InsightsList() {
  const { t, i18n } = useTranslation();
  const { run, busy } = useAction();
  const { value: insights, error, retry, set } = useLoad(readInsights, 'insights');
  return (
    <Stack spacing={2}>
      <PageHeader title={t('nav.insights')}>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          disabled={busy}
          onClick={() =>
            void run(insightsApi.refresh, { onSuccess: (answer) => set(answer.data.data.insights) })
          }
        >
          {t('insights.refresh')}
        </Button>
      </PageHeader>
      {insights?.[0] && (
        // Worked out daily and after a change: their figures are of then, not of this minute.
        <Typography color="text.secondary" data-testid="worked-out">
          {t('insights.workedOut', {
            when: formatDateTime(insights[0].created_at, i18n.language),
          })}
        </Typography>
      )}
      <ListStates
        count={insights?.length ?? 0}
        load={{ loading: insights === null, error, retry }}
        empty={{ title: t('insights.none'), text: t('insights.noneText') }}
      >
        <Stack spacing={2}>
          {insights?.map((insight) => (
            <InsightCard key={insight.id} insight={insight} />
          ))}
        </Stack>
      </ListStates>
    </Stack>
  );
}

/** The home widget's part: the most severe insights, in short. */
export function LatestInsights({ count = 2 }: { count?: number }) {
  const { value: insights } = useLoad(readInsights, 'insights');
  if (!insights?.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1 }} data-testid="latest-insights">
      {insights.slice(0, count).map((insight) => (
        <InsightCard key={insight.id} insight={insight} compact />
      ))}
    </Stack>
  );
}
