import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from '../../components/ChoiceButtons';
import { Figure, FigurePanel } from '../../components/Figure';
import { SidewaysTable } from '../../components/SidewaysTable';
import { useAppDispatch } from '../../lib/hooks';
import { endpoints } from './api';
import { DownloadCsvButton } from '../../components/DownloadCsvButton';
import { useEnergyHistory } from './hooks';
import { bucketLabel, periodLabel } from './labels';
import { EnergyChart } from './LazyCharts';
import { useNow } from '../../lib/useNow';
import {
  counterpart,
  formatFigure,
  metricColumns,
  METRICS,
  withoutFigures,
  type Metric,
} from './metrics';
import { Loaded, MetricSwitch, TableAlternative } from './parts';
import { selectSpan } from './slice';
import { SPANS, type EnergyHistory, type Span } from './types';

/** The CSV's name, with the period's first day once it is shown: each week's file is its own. */
function historyFile(span: Span, history: EnergyHistory | null) {
  const first = history?.type === span ? `-${history.start.slice(0, 10)}` : '';
  return `energy-history-${span}${first}.csv`;
}

/** Day, week, month or year. */
export function SpanSwitch({ span }: { span: Span }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <ChoiceButtons
      label={t('analytics.energy.period')}
      value={span}
      choices={SPANS.map((option) => [option, t(`analytics.energy.spans.${option}`)] as const)}
      onChange={(next) => dispatch(selectSpan(next))}
      size="medium"
      wide
    />
  );
}

/** This period's energy, cost and CO2, each above the period before's. */
export function EnergyTotals({ history }: { history: EnergyHistory }) {
  const { t } = useTranslation();
  const samePoint = history.previous_so_far;
  return (
    <FigurePanel>
      {METRICS.map((metric) => (
        <Figure
          key={metric}
          label={t(`analytics.metric.${metric}`)}
          value={formatFigure(history.totals, metric)}
          testId={`total-${metric}`}
        >
          <Typography variant="body2" color="text.secondary">
            {samePoint
              ? t('analytics.energy.samePoint', {
                  previous: t(`analytics.energy.previous.${history.type}`),
                  value: formatFigure(samePoint, metric),
                })
              : t('analytics.energy.noSamePoint', {
                  previous: t(`analytics.energy.previous.${history.type}`),
                })}
          </Typography>
        </Figure>
      ))}
    </FigurePanel>
  );
}

/** Each bucket's figures, and the period before's counterpart in the `metric` the chart shows. */
function BucketsTable({ history, metric }: { history: EnergyHistory; metric: Metric }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const shown = history.buckets.filter((_, index) => !withoutFigures(history, index, now));
  const counterparts = history.buckets.flatMap((bucket) => counterpart(history, bucket) ?? []);
  // The period before's column too, so that this week's kWh and last week's line up.
  const column = metricColumns([...shown, ...counterparts]);
  return (
    <SidewaysTable label={t('analytics.energy.table')}>
      <Table size="small" sx={{ '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t(`analytics.energy.bucket.${history.type}`)}</TableCell>
            {METRICS.map((metric) => (
              <TableCell key={metric} align="right">
                {t(`analytics.metric.${metric}`)}
              </TableCell>
            ))}
            <TableCell align="right">
              {t('analytics.energy.previousColumn', {
                previous: t(`analytics.energy.previous.${history.type}`),
                metric: t(`analytics.metric.${metric}`),
              })}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.buckets.map((bucket, index) => {
            const before = counterpart(history, bucket);
            return (
              <TableRow key={bucket.start}>
                <TableCell>
                  {bucketLabel(bucket.start, history.type, i18n.language, 'long')}
                </TableCell>
                {METRICS.map((metric) => (
                  <TableCell key={metric} align="right">
                    {withoutFigures(history, index, now) ? '–' : column(bucket, metric)}
                  </TableCell>
                ))}
                <TableCell align="right">{before ? column(before, metric) : '–'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </SidewaysTable>
  );
}

/** `/analytics/energy-history`: the period's energy, cost and CO2 beside the period before. */
export function EnergyHistoryView() {
  const { t, i18n } = useTranslation();
  const { span, history, loading, error, retry } = useEnergyHistory();
  const [metric, setMetric] = useState<Metric>('kwh');
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <SpanSwitch span={span} />
        <DownloadCsvButton
          path={endpoints['energy-history']}
          params={{ type: span }}
          filename={historyFile(span, history)}
        />
      </Stack>
      <Loaded data={history} loading={loading} error={error} retry={retry}>
        {(shown) => (
          <Stack spacing={2}>
            <Typography color="text.secondary" data-testid="period">
              {t(`analytics.energy.current.${shown.type}`)}:{' '}
              {periodLabel(shown.start, shown.end, i18n.language)}
            </Typography>
            <EnergyTotals history={shown} />
            <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
              <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
                <MetricSwitch metric={metric} onChange={setMetric} />
              </Stack>
              <figure style={{ margin: 0 }}>
                <EnergyChart history={shown} metric={metric} />
                <Typography component="figcaption" variant="body2" color="text.secondary">
                  {t(
                    shown.previous_so_far
                      ? 'analytics.energy.caption'
                      : 'analytics.energy.captionNew',
                    {
                      period: t(`analytics.energy.current.${shown.type}`),
                      total: formatFigure(shown.totals, metric),
                      previous: t(`analytics.energy.previous.${shown.type}`),
                      samePoint:
                        shown.previous_so_far && formatFigure(shown.previous_so_far, metric),
                      previousTotal: formatFigure(shown.previous.totals, metric),
                    },
                  )}
                </Typography>
              </figure>
              <TableAlternative>
                <BucketsTable history={shown} metric={metric} />
              </TableAlternative>
            </Paper>
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
