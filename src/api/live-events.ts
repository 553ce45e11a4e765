import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { backoffDelay, spread, type Backoff } from '../../contract/backoff.ts';
import type { AlarmChange } from '../../contract/alarms.ts';
import type { LiveEndReason, LiveOpen } from '../../contract/live.ts';
import type { Timeslice } from '../../contract/timeslice.ts';
import { apiResponse } from './client.ts';
import { ApiError } from './errors.ts';
import { reportAnswered, reportFailure } from './network-status.ts';
import { loadSchemas } from './schemas-loader.ts';

/** Where a live stream stands, for the page to say. */
export type LiveState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'reconnecting'; reason: string }
  /** The cloud refuses the stream (reach, permission): it is not tried again. */
  | { kind: 'refused'; message: string };

/** Live, or why not: what a page following readings says in its header. */
export type LiveMode =
  | LiveState
  /** Looking at the past (a moment, a range that ended): nothing to follow. */
  | { kind: 'past' }
  /** The cloud offers no live stream (a foreign cloud): the page asks again now and then. */
  | { kind: 'unavailable'; every: string; failed?: string };

export interface LiveHandlers {
  onTimeslices(items: Timeslice[]): void;
  /** The replay is over and the stream is live; `missed` asks the page to read again. */
  onOpen(open: LiveOpen): void;
  onState(state: LiveState): void;
  /** `event: alarm` of a cloud with the alarms extension: raised, acknowledged or cleared. */
  onAlarm?(change: AlarmChange): void;
}

/** Three heartbeats (every 15 s) missed: the connection is dead even if the socket is not. */
const SILENCE_MS = 45_000;
/** Waits between attempts after a failure: about 1, 2, 4 … 30 s, with jitter. */
const RETRY: Backoff = { firstMs: 1_000, maxMs: 30_000 };
/** Ends after which the cloud wants the stream back at once, where it left off. */
const resumeAtOnce: readonly LiveEndReason[] = ['token-expired', 'too-slow', 'shutdown'];

/**
 * Follows one of our cloud's live streams (src/api/extensions.ts finds them): fetch, not
 * EventSource, so that the session's token travels in the Authorization header and never in a
 * URL. Each connection sends the last event id it was given as Last-Event-ID, so a reconnect
 * (a network blip, an expired token, another instance) loses nothing; `since` asks for history
 * first on the very first connection. Returns the function that stops it.
 */
export function followLiveEvents(
  path: string,
  handlers: LiveHandlers,
  options: { since?: number } = {},
): () => void {
  let lastId: string | undefined;
  let stopped = false;
  let controller: AbortController | undefined;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let silence: ReturnType<typeof setTimeout> | undefined;

  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => controller?.abort(new Error('silent')), SILENCE_MS);
  };

  const again = (reason: string, at: number) => {
    if (stopped) return;
    handlers.onState({ kind: 'reconnecting', reason });
    retry = setTimeout(() => void connect(), at);
  };

  async function connect(): Promise<void> {
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastId !== undefined) headers['Last-Event-ID'] = lastId;
    const query =
      lastId === undefined && options.since !== undefined ? { since: options.since } : {};
    let ended: LiveEndReason | undefined;
    try {
      const [response, schemas] = await Promise.all([
        apiResponse(path, { query, headers, signal: controller.signal }),
        loadSchemas(),
      ]);
      // The header's word on the cloud hears the stream too (api/network-status.ts): a broken
      // stream whose reconnect finds no cloud says "unreachable" at once, not at the next ping.
      reportAnswered();
      if (!response.body) throw new Error('The cloud answered without a stream.');
      heard();
      const reader = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        const message: EventSourceMessage = value;
        if (message.id !== undefined) lastId = message.id;
        if (message.event === 'timeslices') {
          handlers.onTimeslices(schemas.TimesliceList.parse(JSON.parse(message.data)));
        } else if (message.event === 'alarm') {
          handlers.onAlarm?.(schemas.AlarmChange.parse(JSON.parse(message.data)));
        } else if (message.event === 'open') {
          failures = 0;
          handlers.onState({ kind: 'live' });
          handlers.onOpen(schemas.LiveOpen.parse(JSON.parse(message.data)));
        } else if (message.event === 'end') {
          const end = schemas.LiveEnd.parse(JSON.parse(message.data));
          ended = end.reason;
          if (!resumeAtOnce.includes(end.reason)) {
            handlers.onState({ kind: 'refused', message: end.message });
            stopped = true;
          }
        }
      }
    } catch (error) {
      clearTimeout(silence);
      if (stopped) return;
      reportFailure(error);
      if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
        handlers.onState({ kind: 'refused', message: error.message });
        stopped = true;
        return;
      }
      const reason = error instanceof Error && error.message ? error.message : 'connection lost';
      again(reason, backoffDelay(RETRY, ++failures));
      return;
    }
    clearTimeout(silence);
    if (stopped) return;
    // A restart ends every client's stream at once: they come back spread over a second, not
    // all in the same instant. An expired token or a slow reader concerns this client only.
    if (ended === 'shutdown') again(ended, spread(RETRY.firstMs));
    else if (ended !== undefined) again(ended, 0);
    else again('the stream ended', backoffDelay(RETRY, ++failures));
  }

  handlers.onState({ kind: 'connecting' });
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(silence);
    controller?.abort();
  };
}
