import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/BackLink';
import { Heading } from '../../components/Heading';
import { LinkTabs } from '../../components/LinkTabs';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { Co2SavingView } from './Co2SavingView';
import { EnergyHistoryView } from './EnergyHistoryView';
import { selectVisualisation } from './slice';
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

/** `/analytics/{visId}`: one visualisation full size, the others a tab away. */
export function AnalyticsView({ id }: { id: VisId }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(selectVisualisation(id));
    return () => {
      dispatch(selectVisualisation(null));
    };
  }, [dispatch, id]);
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
