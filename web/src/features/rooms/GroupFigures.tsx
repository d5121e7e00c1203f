import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure, FigurePanel } from '../../components/Figure';
import { HeatingChip } from '../../components/HeatingChip';
import { formatCelsius } from '../../lib/format';
import { groupChip, type GroupLive, type GroupState } from '../radiators';
import { groupTargetFigure } from './target';

/**
 * A room's or zone's page head: its temperature (live where the stream has heard its radiators),
 * its target and its heating chip, then what the page adds (`children`).
 */
export function GroupFigures({
  group,
  live,
  testId,
  children,
}: {
  group: GroupState & { radiator_count: number };
  live: GroupLive;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FigurePanel>
      <Figure
        label={t('radiators.current')}
        value={formatCelsius(live ? live.current_temperature : group.current_temperature)}
        testId={testId}
      />
      <Figure label={t('radiators.target')} value={groupTargetFigure(group, t)} />
      <HeatingChip {...groupChip(group, live)} />
      {children}
    </FigurePanel>
  );
}
