import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../lib/hooks';

/**
 * Reads a page's radiators, rooms or zones again (`load`) when the live stream sends a snapshot
 * after the page opened: what they are set to changed (switched or set in another tab, by
 * another person, by a schedule), or the stream reconnected after missing changes. The live
 * reports carry temperatures, not settings.
 */
export function useLiveReload(load: () => void) {
  const snapshots = useAppSelector((state) => state.radiators.snapshots);
  const seen = useRef(snapshots);
  useEffect(() => {
    // The stream's opening snapshot comes just after a page opened with the app has read its
    // own: nothing has changed since.
    const opening = seen.current === 0 && snapshots === 1;
    if (snapshots === seen.current) return;
    seen.current = snapshots;
    if (!opening) load();
  }, [snapshots, load]);
}
