import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveEvents, type LiveState } from '../api/live-events.ts';
import { reportReachable } from '../api/network-status.ts';
import { createQueryClient } from '../api/query-client.ts';
import { fakeCloud, json, renderPage } from '../test/render.tsx';
import { CloudStatus } from './shell/cloud-status.tsx';

// Issue 22: the header said "Cloud operational" 15 s into an outage while the Fleet page already
// said its stream broke. The badge hears the live stream as it hears failing requests.

const opened = 'event: open\ndata: {"replayed":"none","missed":false}\n\n';

/** A cloud that answers the ping and live streams while `up`, and nothing at all while down. */
function outageCloud() {
  const cloud = { up: true, streams: [] as ReadableStreamDefaultController<Uint8Array>[] };
  const calls = fakeCloud((url) => {
    if (!cloud.up) throw new TypeError('Failed to fetch');
    if (url.pathname === '/v1/admin/ping') return json({ status: 'OK' });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        cloud.streams.push(controller);
        controller.enqueue(new TextEncoder().encode(opened));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  // The ping query's requests, not the probes a failed request sends to tell CORS from an outage.
  const pings = () =>
    calls.filter((call) => call.url.pathname === '/v1/admin/ping' && call.init.mode !== 'no-cors')
      .length;
  return { cloud, pings };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  reportReachable(true);
  vi.restoreAllMocks();
});

describe('the header badge during an outage the live stream meets first', () => {
  it('says the cloud is unreachable once the stream cannot reconnect, before any ping, and operational when it answers again', async () => {
    // The shortest waits of the backoff's jitter (0.5 s, then 1 s): the test need not sit out more.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { cloud, pings } = outageCloud();
    renderPage(<CloudStatus />, {}, { client: createQueryClient() });
    const badge = await screen.findByRole('status');
    await waitFor(() => expect(badge).toHaveTextContent('Cloud operational'));
    expect(pings()).toBe(1);

    const states: LiveState[] = [];
    stop = followLiveEvents('/v1/events', {
      onTimeslices: () => undefined,
      onOpen: () => undefined,
      onState: (state) => states.push(state),
    });
    await waitFor(() => expect(states.at(-1)).toEqual({ kind: 'live' }));

    // The cloud goes away: the open stream breaks, and its reconnect finds nobody.
    cloud.up = false;
    for (const stream of cloud.streams) stream.error(new TypeError('network error'));
    await waitFor(() => expect(states.at(-1)?.kind).toBe('reconnecting'));
    await waitFor(() => expect(badge).toHaveTextContent('Cloud unreachable'), { timeout: 5_000 });
    // It was the stream that told: the 30-second ping has not been asked again.
    expect(pings()).toBe(1);

    cloud.up = true;
    await waitFor(() => expect(badge).toHaveTextContent('Cloud operational'), { timeout: 10_000 });
    await waitFor(() => expect(states.at(-1)).toEqual({ kind: 'live' }), { timeout: 10_000 });
  });
});
