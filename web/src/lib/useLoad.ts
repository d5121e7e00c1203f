import { useCallback, useEffect, useState } from 'react';
import { describeError } from './http';

/**
 * A page's own read: the value once loaded, the reason a load failed (logged, shown inline with
 * a retry: spec §8), and `set` for what an action answers. A new `read` (its inputs changed)
 * reads again; an answer to a read since superseded is dropped, so an older one cannot land last.
 */
export function useLoad<T>(read: () => Promise<T>, what: string) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    read().then(
      (loaded) => {
        if (!current) return;
        setValue(loaded);
        setError(null);
      },
      (failure: unknown) => {
        console.error(`${what} failed to load`, failure);
        if (current) setError(describeError(failure).description);
      },
    );
    return () => {
      current = false;
    };
  }, [read, what, attempt]);
  const retry = useCallback(() => {
    setError(null);
    setAttempt((count) => count + 1);
  }, []);
  return { value, error, retry, set: setValue };
}
