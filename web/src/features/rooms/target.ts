import type { TFunction } from 'i18next';
import { formatCelsius } from '../../lib/format';
import type { Room } from './types';

/** A room's target in a list: "target 20.5 °C", or "switched off" when none of its radiators is on. */
export function roomTargetText(room: Pick<Room, 'status' | 'target_temperature'>, t: TFunction) {
  return room.status === 1
    ? t('rooms.target', { value: formatCelsius(room.target_temperature) })
    : t('rooms.switchedOff');
}
