import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from '../../components/ChoiceButtons';
import { LoadError } from '../../components/ListStates';
import { METRICS, type Metric } from './metrics';

/** A visualisation's data in its states: failed (inline, with a retry), first load, shown. */
export function Loaded<T>({
  data,
  loading,
  error,
  retry,
  children,
}: {
  data: T | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (error) return <LoadError message={error} onRetry={retry} />;
  if (data === null)
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  return (
    <>
      {/* A newer load on its way: the figures shown are the last ones. */}
      <LinearProgress
        aria-label={t('common.loading')}
        sx={{ visibility: loading ? 'visible' : 'hidden', mb: 1 }}
      />
      {children(data)}
    </>
  );
}

/** kWh, £ or kg: what the chart shows. */
export function MetricSwitch({
  metric,
  onChange,
}: {
  metric: Metric;
  onChange: (metric: Metric) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceButtons
      label={t('analytics.metric.label')}
      value={metric}
      choices={METRICS.map((option) => [option, t(`analytics.metric.${option}`)] as const)}
      onChange={onChange}
    />
  );
}

/** The chart's figures as a table, folded away under the chart. */
export function TableAlternative({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // Its summary a level under the page title (MUI would make it an h3).
    <Accordion
      variant="outlined"
      disableGutters
      sx={{ mt: 2 }}
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{t('analytics.showTable')}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ overflowX: 'auto' }}>{children}</AccordionDetails>
    </Accordion>
  );
}
