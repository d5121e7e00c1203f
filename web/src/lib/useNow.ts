import { useSyncExternalStore } from 'react';

// The time as a store that moves on at the start of every minute while anything reads it:
// components that show what has begun (a chart's buckets, a period so far) read it without
// calling the clock during render, and re-render as it moves.
let now = Date.now();
const readers = new Set<() => void>();
let ticker: ReturnType<typeof setTimeout> | undefined;

function tick() {
  now = Date.now();
  readers.forEach((reader) => reader());
}

function nextMinute() {
  ticker = setTimeout(
    () => {
      tick();
      nextMinute();
    },
    60_000 - (Date.now() % 60_000),
  );
}

function subscribe(reader: () => void) {
  readers.add(reader);
  if (!ticker) {
    // The first reader after a quiet while gets the time now, not when the last one left.
    tick();
    nextMinute();
  }
  return () => {
    readers.delete(reader);
    if (readers.size === 0) {
      clearTimeout(ticker);
      ticker = undefined;
    }
  };
}

/** The time in milliseconds, to the minute. */
export function useNow() {
  return useSyncExternalStore(subscribe, () => now);
}
