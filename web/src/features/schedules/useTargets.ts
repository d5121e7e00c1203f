import { useCallback } from 'react';
import { useLoad } from '../../lib/useLoad';
import { radiatorsApi } from '../radiators';
import { roomsApi } from '../rooms';
import { zonesApi } from '../zones';
import type { ScheduleFor } from './types';

export interface TargetOption {
  id: number;
  name: string;
}

/** The business's rooms, zones or radiators (a radiator named with its room). */
async function loadTargets(kind: ScheduleFor): Promise<TargetOption[]> {
  const named = ({ id, name }: TargetOption) => ({ id, name });
  if (kind === 'room') return (await roomsApi.list()).data.data.rooms.map(named);
  if (kind === 'zone') return (await zonesApi.list()).data.data.zones.map(named);
  return (await radiatorsApi.list()).data.data.radiators.map(({ id, name, room_name }) => ({
    id,
    name: room_name ? `${name} (${room_name})` : name,
  }));
}

/** What a schedule of `kind` can target, loaded again when the kind changes or on `retry`. */
export function useTargets(kind: ScheduleFor) {
  const read = useCallback(async () => ({ kind, options: await loadTargets(kind) }), [kind]);
  const { value, error, retry } = useLoad(read, `${kind}s`);
  // Until the new kind's answer lands, the last kind's options are not this kind's.
  const ready = value?.kind === kind ? value.options : null;
  return { options: ready ?? [], loading: ready === null && error === null, error, retry };
}
