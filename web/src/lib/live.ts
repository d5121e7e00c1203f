import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getToken } from './session';

export interface LiveEvent {
  event: string;
  data: unknown;
}

/**
 * Whether the live stream reaches the server: `connecting` until its first answer, `open` while
 * it is read, `lost` from a failed connection or a dropped stream until it is open again. A new
 * object at each change, so that one spell of being lost can be told from the next.
 */
export interface LiveConnection {
  state: 'connecting' | 'open' | 'lost';
}

let connection: LiveConnection = { state: 'connecting' };
const listeners = new Set<() => void>();
/** The newest follower: one given up (signed out, or remounted) no longer says anything. */
let follower = 0;

function setConnection(state: LiveConnection['state']) {
  if (state === connection.state) return;
  connection = { state };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The live stream's connection, for what shows or heals a lost one. */
export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(subscribe, () => connection);
}

/**
 * Calls `reconnected` (if any) each time the live stream opens after being lost (the server or
 * the network back), not when it first opens: what failed while it was lost can try again.
 */
export function useOnReconnect(reconnected: (() => void) | null) {
  const { state } = useLiveConnection();
  const lost = useRef(false);
  useEffect(() => {
    if (state === 'lost') lost.current = true;
    if (state !== 'open' || !lost.current) return;
    lost.current = false;
    reconnected?.();
  }, [state, reconnected]);
}

/**
 * Follows the server's live stream (`GET /v2/live`, server-sent events) until `signal` aborts,
 * reconnecting after a drop with a growing pause (1 s up to 15 s), or at once when the browser
 * says the network is back. `fetch` rather than EventSource, so the token travels in the
 * Authorization header, never in a URL.
 */
export async function followLiveStream(
  onEvent: (event: LiveEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const me = (follower += 1);
  const say = (state: LiveConnection['state']) => {
    if (me === follower) setConnection(state);
  };
  let pause = 1000;
  while (!signal.aborted) {
    try {
      const response = await fetch('/v2/live', {
        headers: { Authorization: `Bearer ${getToken() ?? ''}`, Accept: 'text/event-stream' },
        signal,
      });
      // A 401 or 403 will not heal by retrying; the next authenticated call ends the session.
      if (response.status === 401 || response.status === 403) break;
      if (!response.ok || !response.body)
        throw new Error(`live stream answered ${response.status}`);
      pause = 1000;
      say('open');
      await readEvents(response.body, onEvent, signal);
    } catch (error) {
      if (!signal.aborted) console.warn('live stream interrupted:', error);
    }
    if (signal.aborted) break;
    say('lost');
    await waitToReconnect(pause, signal);
    pause = Math.min(pause * 2, 15_000);
  }
  say('connecting');
}

/** Waits `pause` ms, or less when the network comes back or the stream is given up. */
function waitToReconnect(pause: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, pause);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: LiveEvent) => void,
  signal: AbortSignal,
) {
  const reader = body.getReader();
  // Given up: stop reading now, whether or not the body heeds the fetch's signal.
  const stop = () => void reader.cancel();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await readBlocks(reader, onEvent);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

async function readBlocks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  onEvent: (event: LiveEvent) => void,
) {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const parsed = parseEvent(block);
      if (parsed) onEvent(parsed);
    }
  }
}

/** One SSE block: `event:` and `data:` lines; comments (keep-alives) give nothing. */
export function parseEvent(block: string): LiveEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return null;
  }
}
