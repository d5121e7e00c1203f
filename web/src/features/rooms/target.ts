import type { TFunction } from 'i18next';
import { formatCelsius } from '../../lib/format';

/** What a room's or zone's target comes from: whether any radiator is on, and their target. */
type Group = { status: number; target_temperature: number | null; radiator_count: number };

/**
 * A room's target in a list: "target 20.5 °C", "switched off" when none of its radiators is on,
 * or "no target" without radiators.
 */
export function roomTargetText(room: Group, t: TFunction) {
  if (room.radiator_count === 0) return t('rooms.noTarget');
  return room.status === 1
    ? t('rooms.target', { value: formatCelsius(room.target_temperature) })
    : t('rooms.switchedOff');
}

/** A room's or zone's target as a figure: "20.5 °C", "Switched off", or "–" without radiators. */
export function groupTargetFigure(group: Group, t: TFunction) {
  if (group.radiator_count === 0) return formatCelsius(null);
  return group.status === 1 ? formatCelsius(group.target_temperature) : t('rooms.targetOff');
}
