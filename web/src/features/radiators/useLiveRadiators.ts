import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { followLiveStream } from '../../lib/live';
import { liveSnapshot, radiatorsReported } from './slice';
import type { LiveRadiator, Radiator } from './types';

/** Keeps the radiators' live state current while the signed-in app is open. */
export function useLiveRadiators() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const abort = new AbortController();
    void followLiveStream(({ event, data }) => {
      if (event === 'snapshot') dispatch(liveSnapshot(data as Radiator[]));
      if (event === 'radiators') dispatch(radiatorsReported(data as LiveRadiator[]));
    }, abort.signal);
    return () => abort.abort();
  }, [dispatch]);
}
