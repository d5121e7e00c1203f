import type { TFunction } from 'i18next';
import { formatCelsius, formatCelsiusRange } from '../../lib/format';

/** What a room's or zone's target comes from: whether any radiator is on, and their targets. */
type Group = {
  status: number;
  target_temperature: number | null;
  lowest_target: number | null;
  highest_target: number | null;
  radiator_count: number;
};

/** The one target its radiators share, or the range of theirs where they differ: an average of
 *  22 and 24 would be a target no radiator has. */
export function groupTargetValue(
  group: Pick<Group, 'target_temperature' | 'lowest_target' | 'highest_target'>,
) {
  const { lowest_target: low, highest_target: high } = group;
  return low !== null && high !== null && low !== high
    ? formatCelsiusRange(low, high)
    : formatCelsius(group.target_temperature);
}

/**
 * A room's target in a list: "target 20.5 °C", "switched off" when none of its radiators is on,
 * or "no target" without radiators.
 */
export function roomTargetText(room: Group, t: TFunction) {
  if (room.radiator_count === 0) return t('rooms.noTarget');
  return room.status === 1
    ? t('rooms.target', { value: groupTargetValue(room) })
    : t('rooms.switchedOff');
}

/** A room's or zone's target as a figure: "20.5 °C", "Switched off", or "–" without radiators. */
export function groupTargetFigure(group: Group, t: TFunction) {
  if (group.radiator_count === 0) return formatCelsius(null);
  return group.status === 1 ? groupTargetValue(group) : t('rooms.targetOff');
}
