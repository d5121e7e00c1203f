import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { ChoiceButtons } from '../../components/ChoiceButtons';
import { Figure, FigurePanel } from '../../components/Figure';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { formatKg, formatShare } from '../../lib/units';
import {
  Co2Chart,
  EnergyChart,
  methodText,
  SavingTotals,
  savingState,
  type Span,
} from '../analytics';
import { fetchComparison, type Comparison } from './slice';

const SPANS: Span[] = ['day', 'week', 'month', 'year'];

/** A cell of the two-column grid at `row` and `column` on a wide screen, its panel filling it. */
const cell = (row: number, column: number) => ({
  gridRow: { lg: row },
  gridColumn: { lg: column },
  display: 'flex',
  flexDirection: 'column',
  '& > *': { flex: 1 },
});

/** A chart under its title, with the sentence that says what it shows. */
function ChartCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Paper component="figure" variant="outlined" sx={{ p: 2, m: 0, height: '100%' }}>
      <Typography variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {summary}
      </Typography>
    </Paper>
  );
}

/** The period's CO2 so far against the period before's to the same point. */
function PeriodFigures({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation();
  const current = comparison.history.totals.co2_kg;
  const previous = comparison.history.previous_so_far?.co2_kg ?? null;
  const change = previous ? (current - previous) / previous : null;
  return (
    <FigurePanel>
      <Figure label={t('compareCo2.thisPeriod')} value={formatKg(current)} testId="co2-current" />
      <Figure
        label={t('compareCo2.previousSamePoint')}
        value={previous === null ? '–' : formatKg(previous)}
        testId="co2-previous"
      >
        <Typography variant="body2" color="text.secondary" data-testid="co2-change">
          {change === null
            ? t('compareCo2.noPrevious')
            : Math.abs(change) < 0.005
              ? t('compareCo2.same')
              : change < 0
                ? t('compareCo2.less', { value: formatShare(-change) })
                : t('compareCo2.more', { value: formatShare(change) })}
        </Typography>
      </Figure>
    </FigurePanel>
  );
}

/** This period's CO2 against the period before and against the baseline, with the method. */
export default function CompareCo2() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') as Span | null;
  const span = asked && SPANS.includes(asked) ? asked : 'month';
  const { comparison, error } = useAppSelector((state) => state.dashboard);
  const shown = comparison?.history.type === span ? comparison : null;

  const load = useCallback(() => void dispatch(fetchComparison(span)), [dispatch, span]);
  useEffect(load, [load]);

  return (
    <Stack spacing={2}>
      <BackLink to={paths.home}>{t('nav.home')}</BackLink>
      <PageHeader title={t('pages.compareCo2')}>
        <ChoiceButtons
          label={t('compareCo2.period')}
          value={span}
          choices={SPANS.map((name) => [name, t(`compareCo2.spans.${name}`)] as const)}
          onChange={(next) => setParams({ period: next })}
        />
      </PageHeader>
      <Typography color="text.secondary">{t('compareCo2.intro')}</Typography>
      {error ? (
        <LoadError message={error} onRetry={load} />
      ) : !shown ? (
        <ListSkeleton rows={2} height={160} />
      ) : (
        <>
          {/* Two columns on a wide screen whose rows line up: the figures, then the charts. */}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Box sx={cell(1, 1)}>
              <PeriodFigures comparison={shown} />
            </Box>
            <Box sx={cell(2, 1)}>
              <ChartCard
                title={t('compareCo2.againstPrevious')}
                summary={
                  // A previous period wholly before the business began has no figures, not 0.
                  shown.history.previous.buckets.length > 0
                    ? t('compareCo2.periodSummary', {
                        current: formatKg(shown.history.totals.co2_kg),
                        previous: formatKg(shown.history.previous.totals.co2_kg),
                      })
                    : t('compareCo2.periodSummaryFirst', {
                        current: formatKg(shown.history.totals.co2_kg),
                      })
                }
              >
                <EnergyChart history={shown.history} metric="co2_kg" />
              </ChartCard>
            </Box>
            <Box sx={cell(1, 2)}>
              <SavingTotals saving={shown.saving} />
            </Box>
            <Box sx={cell(2, 2)}>
              <ChartCard
                title={t('compareCo2.againstBaseline')}
                summary={t(
                  savingState(shown.saving.totals) === 'none'
                    ? 'compareCo2.baselineSummaryNone'
                    : 'compareCo2.baselineSummary',
                  {
                    actual: formatKg(shown.saving.totals.actual_kg),
                    baseline: formatKg(shown.saving.totals.baseline_kg),
                  },
                )}
              >
                <Co2Chart saving={shown.saving} along={shown.history} />
              </ChartCard>
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary" data-testid="co2-method">
            <strong>{t('compareCo2.method')}</strong> <bdi>{methodText(shown.saving, t)}</bdi>
          </Typography>
        </>
      )}
    </Stack>
  );
}
