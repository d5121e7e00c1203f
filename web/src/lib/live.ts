import { useSyncExternalStore } from 'react';
import { getToken } from './session';

export interface LiveEvent {
  event: string;
  data: unknown;
}

/**
 * Whether the live stream reaches the server: `connecting` until its first answer, `open` while
 * it is read, `lost` from a failed connection or a dropped stream until it is open again.
 * `opened` counts the times it opened, so what failed while it was lost can try again then.
 */
export interface LiveConnection {
  state: 'connecting' | 'open' | 'lost';
  opened: number;
}

let connection: LiveConnection = { state: 'connecting', opened: 0 };
const listeners = new Set<() => void>();

function setConnection(state: LiveConnection['state']) {
  if (state === connection.state) return;
  connection = { state, opened: connection.opened + (state === 'open' ? 1 : 0) };
  listeners.forEach((listener) => listener());
}

/** The live stream's connection, for what shows or heals a lost one. */
export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connection,
  );
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
      setConnection('open');
      await readEvents(response.body, onEvent, signal);
    } catch (error) {
      if (!signal.aborted) console.warn('live stream interrupted:', error);
    }
    if (signal.aborted) break;
    setConnection('lost');
    await waitToReconnect(pause, signal);
    pause = Math.min(pause * 2, 15_000);
  }
  setConnection('connecting');
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
  signal.addEventListener('abort', () => void reader.cancel(), { once: true });
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
