import { useCallback, useEffect, useState } from 'react';
import { describeError } from './http';

/**
 * A page's own read: the value once loaded, the reason a load failed (logged, shown inline with
 * a retry: spec §8), and `set` for what an action answers.
 */
export function useLoad<T>(read: () => Promise<T>, what: string) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetchValue = useCallback(() => {
    read().then(setValue, (failure: unknown) => {
      console.error(`${what} failed to load`, failure);
      setError(describeError(failure).description);
    });
  }, [read, what]);
  useEffect(fetchValue, [fetchValue]);
  const retry = () => {
    setError(null);
    fetchValue();
  };
  return { value, error, retry, set: setValue };
}
