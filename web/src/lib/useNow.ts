import { useSyncExternalStore } from 'react';

// The time as a store that moves on every minute while anything reads it: components that show
// what has begun (a chart's buckets, a period so far) read it without calling the clock during
// render, and re-render as it moves.
let now = Date.now();
const readers = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  readers.forEach((reader) => reader());
}

function subscribe(reader: () => void) {
  readers.add(reader);
  if (!ticker) {
    ticker = setInterval(tick, 60_000);
    // The first reader after a quiet while gets the time now, not when the last one left.
    tick();
  }
  return () => {
    readers.delete(reader);
    if (readers.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/** The time in milliseconds, to the minute. */
export function useNow() {
  return useSyncExternalStore(subscribe, () => now);
}
