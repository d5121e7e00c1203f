import { getToken } from './session';

export interface LiveEvent {
  event: string;
  data: unknown;
}

/**
 * Follows the server's live stream (`GET /v2/live`, server-sent events) until `signal` aborts,
 * reconnecting after a drop with a growing pause (1 s up to 15 s). `fetch` rather than
 * EventSource, so the token travels in the Authorization header, never in a URL.
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
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body)
        throw new Error(`live stream answered ${response.status}`);
      pause = 1000;
      await readEvents(response.body, onEvent);
    } catch (error) {
      if (signal.aborted) return;
      console.warn('live stream interrupted:', error);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 15_000);
  }
}

async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: LiveEvent) => void) {
  const reader = body.getReader();
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
