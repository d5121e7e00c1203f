import { useEffect, useState } from 'react';
import { describeError } from '../../lib/http';
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

interface Loaded {
  kind: ScheduleFor;
  attempt: number;
  options: TargetOption[];
  error: string | null;
}

/** What a schedule of `kind` can target, loaded again when the kind changes or on `retry`. */
export function useTargets(kind: ScheduleFor) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let current = true;
    loadTargets(kind).then(
      (options) => {
        if (current) setLoaded({ kind, attempt, options, error: null });
      },
      (failure: unknown) => {
        console.error(`${kind}s failed to load`, failure);
        if (current)
          setLoaded({ kind, attempt, options: [], error: describeError(failure).description });
      },
    );
    return () => {
      current = false;
    };
  }, [kind, attempt]);
  const ready = loaded?.kind === kind && loaded.attempt === attempt ? loaded : null;
  return {
    options: ready?.options ?? [],
    loading: ready === null,
    error: ready?.error ?? null,
    retry: () => setAttempt((current) => current + 1),
  };
}
