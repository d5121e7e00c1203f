import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { Heading } from '../../components/Heading';
import { LinkTabs } from '../../components/LinkTabs';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { Co2SavingView } from './Co2SavingView';
import { EnergyHistoryView } from './EnergyHistoryView';
import { linkedRange } from './ranges';
import { selectRange, selectVisualisation } from './slice';
import { UsageView } from './UsageView';
import { VISUALISATIONS, visualisationPath, type VisId } from './visualisations';

function Visualisation({ id }: { id: VisId }) {
  switch (id) {
    case 'energy-history':
      return <EnergyHistoryView />;
    case 'co2-savings':
      return <Co2SavingView />;
    case 'rooms-usage':
      return <UsageView kind="rooms" />;
    case 'zones-usage':
      return <UsageView kind="zones" />;
  }
}

/** `/analytics/{visId}`: one visualisation full size, the others a tab away; a link may name
 *  the range to show (`?start_date=…&end_date=…`, as an insight's). */
export function AnalyticsView({ id }: { id: VisId }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const linked = linkedRange(params);
  const [start, end] = [linked?.start_date, linked?.end_date];
  useEffect(() => {
    dispatch(selectVisualisation(id));
    return () => {
      dispatch(selectVisualisation(null));
    };
  }, [dispatch, id]);
  useEffect(() => {
    if (start && end) dispatch(selectRange({ start_date: start, end_date: end }));
  }, [dispatch, start, end]);
  return (
    <Stack spacing={1}>
      <BackLink to={paths.analytics}>{t('analytics.all')}</BackLink>
      <Heading
        title={t(`analytics.vis.${id}.title`)}
        intro={t(`analytics.vis.${id}.text`)}
        space={1}
      />
      <LinkTabs
        label={t('analytics.choose')}
        tabs={VISUALISATIONS.map((option) => ({
          label: t(`analytics.vis.${option}.short`),
          to: visualisationPath(option),
        }))}
        current={visualisationPath(id)}
      />
      <Visualisation id={id} />
    </Stack>
  );
}
