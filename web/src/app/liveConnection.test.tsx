import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionNotice } from './layouts/ConnectionNotice';
import { LoadError } from '../components/ListStates';
import { server } from '../test/server';
import { renderWithProviders } from '../test/render';
import { followLiveStream, useLiveConnection, type LiveEvent } from '../lib/live';

/** Answers the live stream with a snapshot and keeps it open. */
function openStream() {
  return new HttpResponse(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: snapshot\ndata: []\n\n'));
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

/** The server down for the first call, up from the next. */
function downThenUp() {
  let calls = 0;
  server.use(
    http.get('/v2/live', () => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : openStream();
    }),
  );
}

function Connection() {
  const { state } = useLiveConnection();
  return <p data-testid="connection">{state}</p>;
}

const streams: AbortController[] = [];
function follow(onEvent: (event: LiveEvent) => void = () => {}) {
  const abort = new AbortController();
  streams.push(abort);
  void followLiveStream(onEvent, abort.signal);
}
afterEach(() => streams.splice(0).forEach((abort) => abort.abort()));

describe('the live connection', () => {
  it('is lost while the server cannot be reached and open again once it answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    downThenUp();
    const events: LiveEvent[] = [];
    render(<Connection />);
    follow((event) => events.push(event));
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent(/^lost$/));
    // The network coming back reconnects at once rather than after the pause.
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent(/^open$/));
    await waitFor(() => expect(events).toEqual([{ event: 'snapshot', data: [] }]));
  });

  it('is connecting again once the stream is given up (signed out)', async () => {
    server.use(http.get('/v2/live', openStream));
    render(<Connection />);
    follow();
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent(/^open/));
    act(() => streams.splice(0).forEach((abort) => abort.abort()));
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent(/^connecting/));
  });

  it('says so below the top bar when it stays lost, and no more once it is back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let up = false;
    server.use(http.get('/v2/live', () => (up ? openStream() : HttpResponse.error())));
    renderWithProviders(<ConnectionNotice />);
    follow();
    expect(
      await screen.findByText(/Live updates have stopped: HeatDesk cannot be reached/),
    ).toBeInTheDocument();
    up = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument());
  });

  it('makes a failed load try again when it reconnects, once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    downThenUp();
    const retry = vi.fn();
    renderWithProviders(<LoadError message="HeatDesk could not answer." onRetry={retry} />);
    follow();
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    // Nothing more while it stays open.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('leaves a load that failed for another reason alone when the stream first opens', async () => {
    server.use(http.get('/v2/live', openStream));
    const retry = vi.fn();
    renderWithProviders(<LoadError message="Something else went wrong." onRetry={retry} />);
    render(<Connection />);
    follow();
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent(/^open$/));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(retry).not.toHaveBeenCalled();
  });
});
