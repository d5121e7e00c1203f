import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What to say in a polite live region (`<Unseen role="status">{said}</Unseen>`) and `say` to
 * say it. The region is emptied first and filled a moment later, so that the same words twice
 * (a slot deleted at the same place again) are said twice.
 */
export function useAnnouncement() {
  const [said, setSaid] = useState('');
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const say = useCallback((words: string) => {
    clearTimeout(pending.current);
    setSaid('');
    pending.current = setTimeout(() => setSaid(words), 50);
  }, []);
  useEffect(() => () => clearTimeout(pending.current), []);
  return [said, say] as const;
}
