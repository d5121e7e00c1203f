import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../components/ListStates';
import { formatKg, formatKwh, formatPence } from '../../lib/units';
import { useEnergyHistory, useRanged } from './hooks';
import { periodLabel } from './labels';
import { Co2Chart, EnergyChart, UsageChart } from './LazyCharts';
import { savingState } from './saving';
import { usageTotals } from './UsageView';
import { visualisationPath, type VisId } from './visualisations';

/** One visualisation as a card: what it shows, its key figures, a small chart, the way in. */
function VisCard({
  id,
  subtitle,
  load,
  figures,
  chart,
}: {
  id: VisId;
  subtitle: string | null;
  load: { loading: boolean; error: string | null; retry: () => void; ready: boolean };
  figures: ReactNode;
  chart: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`analytics.vis.${id}.title`);
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={`vis-${id}`}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h2" component="h2">
          <Link component={RouterLink} to={visualisationPath(id)} underline="hover" color="inherit">
            {title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`analytics.vis.${id}.text`)}
        </Typography>
        {load.error ? (
          <LoadError message={load.error} onRetry={load.retry} />
        ) : !load.ready ? (
          <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={140} />
          </Stack>
        ) : (
          <>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
            <Typography variant="h3" component="p" sx={{ my: 1 }} data-testid={`figures-${id}`}>
              {figures}
            </Typography>
            {chart}
          </>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="outlined"
          component={RouterLink}
          to={visualisationPath(id)}
          aria-label={t('analytics.openNamed', { name: title })}
        >
          {t('analytics.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

function EnergyCard() {
  const { t, i18n } = useTranslation();
  const { history, loading, error, retry } = useEnergyHistory();
  return (
    <VisCard
      id="energy-history"
      load={{ loading, error, retry, ready: history !== null }}
      subtitle={
        history &&
        `${t(`analytics.energy.current.${history.type}`)}: ${periodLabel(history.start, history.end, i18n.language)}`
      }
      figures={
        history &&
        `${formatKwh(history.totals.kwh)}\u00a0· ${formatPence(history.totals.cost_pence)}\u00a0· ${formatKg(history.totals.co2_kg)}`
      }
      chart={history && <EnergyChart history={history} metric="kwh" compact />}
    />
  );
}

function Co2Card() {
  const { t, i18n } = useTranslation();
  const { ranged, loading, error, retry } = useRanged('co2-savings');
  const totals = ranged?.data.totals;
  return (
    <VisCard
      id="co2-savings"
      load={{ loading, error, retry, ready: ranged !== null }}
      subtitle={
        ranged && periodLabel(ranged.range.start_date, ranged.range.end_date, i18n.language)
      }
      figures={
        totals &&
        t(
          {
            none: 'analytics.co2.summaryNone',
            over: 'analytics.co2.summaryOver',
            saved: 'analytics.co2.summary',
          }[savingState(totals)],
          {
            saved: formatKg(Math.abs(totals.saved_kg)),
            baseline: formatKg(totals.baseline_kg),
          },
        )
      }
      chart={ranged && <Co2Chart saving={ranged.data} compact />}
    />
  );
}

function UsageCard({ kind }: { kind: 'rooms' | 'zones' }) {
  const { t, i18n } = useTranslation();
  const id = kind === 'rooms' ? 'rooms-usage' : 'zones-usage';
  const { ranged, loading, error, retry } = useRanged(id);
  const places = ranged?.data ?? [];
  return (
    <VisCard
      id={id}
      load={{ loading, error, retry, ready: ranged !== null }}
      subtitle={
        ranged && periodLabel(ranged.range.start_date, ranged.range.end_date, i18n.language)
      }
      figures={
        ranged &&
        (places.some((place) => place.reported)
          ? t(`analytics.usage.${kind}.summary`, {
              count: places.length,
              total: formatKwh(usageTotals(places).kwh),
            })
          : t('analytics.usage.nothingRecorded'))
      }
      chart={places.length > 0 && <UsageChart places={places} metric="kwh" compact />}
    />
  );
}

/** `/analytics`: every visualisation as a card. */
export function AnalyticsList() {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <EnergyCard />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Co2Card />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <UsageCard kind="rooms" />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <UsageCard kind="zones" />
      </Grid>
    </Grid>
  );
}
