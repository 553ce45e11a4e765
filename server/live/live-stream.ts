import type { LiveEnd, LiveEndReason, LiveOpen } from '../../contract/live.ts';
import { endings } from './live-endings.ts';
import { CredentialsWatch } from './credentials-watch.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { EventLogStore, LoggedReading } from '../store/event-log.ts';
import type { ReadingStore } from '../store/readings.ts';
import type { Timeslices } from '../history/timeslices.ts';
import { sseMessage, type SseConnection } from './sse.ts';
import {
  type Delivery,
  type HubSubscriber,
  type StreamHub,
  type Subscription,
} from './stream-hub.ts';
import type { StreamScope } from './stream-scope.ts';
import {
  eventId,
  replayAfter,
  replayHistory,
  type LogPosition,
  type Replay,
  type ReplayingStream,
} from './replay.ts';

export { parseEventId, REPLAY_MAX_ITEMS, type Replay } from './replay.ts';

/** Readings a stream may hold back while it replays; beyond that the client is too slow. */
const MAX_QUEUED_READINGS = 200_000;
/** A replay pauses while the client has this part of the stream's buffer unread. */
const REPLAY_BUFFER_PART = 4;

export interface LiveStreamOptions {
  hub: StreamHub;
  log: Pick<EventLogStore, 'after' | 'latest'>;
  readings: Pick<ReadingStore, 'range' | 'edges'>;
  timeslices: Pick<Timeslices, 'learn' | 'sliceHead' | 'sliceJson'>;
  connection: SseConnection;
  scope: StreamScope;
  replay: Replay;
  /** The cloud's clock (what readings are timed by). */
  now: () => number;
  /** When the credentials end (a bearer token's exp), by the wall clock. */
  expiresAt: number | undefined;
  /** Looks at credentials, reach and permission again: the scope now, or why not. */
  recheck: () => Promise<StreamScope | LiveEndReason>;
  recheckMs: number;
  /** The connection's buffer (Limits.streamBufferBytes): a replay pauses at a quarter of it. */
  bufferBytes: number;
  /** A replaying client that takes nothing for this long is ended (Limits.slowReaderMs). */
  slowReaderMs: number;
  logger: CloudLogger;
}

/**
 * One client's stream: replays what it missed (from the event log after its Last-Event-ID, or
 * from history), says `open`, then writes what the hub hands it, each batch with its event id.
 * Batches that arrive during the replay wait and follow it, so nothing falls between. It ends
 * itself when the token expires or a recheck finds the access gone, with an `end` event saying
 * why.
 */
export class LiveStream implements HubSubscriber {
  private readonly options: LiveStreamOptions;
  private readonly connection: SseConnection;
  private scope: StreamScope;
  private subscription: Subscription | undefined;
  /**
   * Replaying: live batches wait in `queue`, their readings left out of the replay; flushing:
   * they still wait, written one by one as the client reads; live: written as they come.
   */
  private phase: 'replaying' | 'flushing' | 'live' = 'replaying';
  private queue: Delivery[] = [];
  private queued = 0;
  private cursor: LogPosition = { seq: 0, at: 0 };
  /** Readings a history replay sent, which live batches up to `dedupeUntil` may repeat. */
  private dedupe: Set<string> | undefined;
  /** Recent readings (measured within REPLAY_MARGIN_MS of the replay) the replay sent. */
  private readonly sentRecently = new Set<string>();
  /** Readings of the batches held back during the replay, which the replay leaves out. */
  private readonly queuedKeys = new Set<string>();
  private dedupeUntil = 0;
  private readonly credentials: CredentialsWatch;
  private ended = false;

  private constructor(options: LiveStreamOptions) {
    this.options = options;
    this.connection = options.connection;
    this.scope = options.scope;
    this.credentials = new CredentialsWatch(options, {
      ended: () => this.ended,
      end: (reason) => this.end(reason),
      rescope: (scope) => {
        this.scope = scope;
        this.subscription?.rescope(scope);
      },
    });
  }

  static async open(options: LiveStreamOptions): Promise<LiveStream> {
    const stream = new LiveStream(options);
    options.connection.onClose(() => stream.stop());
    // A client that takes nothing of what waits for it for slowReaderMs is ended, live or not.
    options.connection.watchReader(options.slowReaderMs, () => stream.end('too-slow'));
    await stream.start();
    return stream;
  }

  deliver(delivery: Delivery): void {
    if (this.ended || delivery.seq <= this.cursor.seq) return;
    if (this.phase !== 'live') {
      this.queue.push(delivery);
      this.queued += delivery.readings.length;
      if (this.phase === 'replaying') {
        for (const r of delivery.readings) this.queuedKeys.add(`${r.sensorId}:${r.ts}`);
      }
      if (this.queued > MAX_QUEUED_READINGS) this.end('too-slow');
      return;
    }
    this.write(delivery);
  }

  heartbeat(at: number): void {
    if (this.ended) return;
    if (!this.connection.send(sseMessage('heartbeat', `{"at":${at}}`))) this.end('too-slow');
  }

  /** Ends the stream with an `end` event saying why. */
  end(reason: LiveEndReason): void {
    if (this.ended) return;
    const body: LiveEnd = { ...endings[reason], reason };
    this.stop();
    const last = sseMessage('end', JSON.stringify(body));
    if (reason === 'too-slow') this.connection.abandon(last);
    else this.connection.end(last);
  }

  private stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.credentials.stop();
    this.subscription?.unsubscribe();
    this.queue = [];
    this.dedupe = undefined;
  }

  private async start(): Promise<void> {
    const { options } = this;
    this.subscription = await options.hub.subscribe(this.scope, this);
    if (this.ended) {
      this.subscription.unsubscribe();
      return;
    }
    this.credentials.start();
    this.cursor = { seq: this.subscription.seq, at: this.subscription.at };
    let open: LiveOpen = { replayed: 'none', missed: false };
    try {
      const { replay } = options;
      if (replay.kind === 'after') {
        open = await replayAfter(this.replaying(), replay.position);
      } else if (replay.kind === 'since') {
        open = await replayHistory(this.replaying(), replay.from);
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'live stream: the replay failed');
      this.end('shutdown');
      return;
    }
    if (this.ended) return;
    this.connection.send(sseMessage('open', JSON.stringify(open), eventId(this.cursor)));
    // What came meanwhile follows at the client's pace, as the replay did: written all at once
    // it could be more than the stream's buffer (docs/decisions/0102).
    this.phase = 'flushing';
    this.queuedKeys.clear();
    for (let next = 0; next < this.queue.length && !this.ended; next++) {
      const delivery = this.queue[next];
      if (delivery === undefined || delivery.seq <= this.cursor.seq) continue;
      this.queued -= delivery.readings.length;
      this.write(delivery);
      await this.drained();
    }
    this.queue = [];
    this.queued = 0;
    if (!this.ended) this.phase = 'live';
  }

  /** What a replay sees of this stream (replay.ts). */
  /**
   * Before a replay from history: the stream joined the log where the hub had got to, which can
   * be behind what is committed (the hub reads the log when the bus wakes it; on a busy machine
   * a batch stored before this request may not have reached it yet). Such a batch would be held
   * back as live, its readings left out of the replay and written after `open`: out of order,
   * older than the history before them. Everything up to the log's latest number is committed
   * (numbers are given in commit order), so it is history now: the replay reads it with the rest,
   * and the stream goes live after it. Batches of it already held back are let go.
   */
  private async catchUpWithLog(): Promise<void> {
    const latest = await this.options.log.latest();
    if (latest <= this.cursor.seq) return;
    // Whatever is logged after `latest` is logged from now on (what a reconnect's margin needs).
    this.cursor = { seq: latest, at: this.options.now() };
    this.queue = this.queue.filter((delivery) => delivery.seq > latest);
    this.queued = 0;
    this.queuedKeys.clear();
    for (const delivery of this.queue) {
      this.queued += delivery.readings.length;
      for (const r of delivery.readings) this.queuedKeys.add(`${r.sensorId}:${r.ts}`);
    }
  }

  private replaying(): ReplayingStream {
    const { log, readings, timeslices, hub, now } = this.options;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the cursor is read and set through it
    const stream = this;
    return {
      log,
      readings,
      timeslices,
      hub,
      now,
      scope: () => this.scope,
      ended: () => this.ended,
      get cursor() {
        return stream.cursor;
      },
      set cursor(position: LogPosition) {
        stream.cursor = position;
      },
      send: (json, alarms) => this.send(json, alarms),
      sendMessage: (message) => {
        if (!this.connection.send(message)) this.end('too-slow');
      },
      drained: () => this.drained(),
      queuedKeys: this.queuedKeys,
      catchUpWithLog: () => this.catchUpWithLog(),
      sentRecently: this.sentRecently,
      dedupeUntil: (until) => {
        this.dedupeUntil = until;
        this.dedupe = this.sentRecently;
      },
    };
  }

  private write(delivery: Delivery): void {
    let json: string | undefined;
    if (this.dedupe !== undefined && delivery.seq <= this.dedupeUntil) {
      const seen = this.dedupe;
      const fresh = delivery.readings.filter((r) => !seen.has(`${r.sensorId}:${r.ts}`));
      if (fresh.length > 0) {
        json = fresh.length === delivery.readings.length ? delivery.json() : undefined;
        json ??= this.shapeNow(fresh);
      }
    } else {
      json = delivery.json();
    }
    if (this.dedupe !== undefined && delivery.seq >= this.dedupeUntil) this.dedupe = undefined;
    this.cursor = { seq: delivery.seq, at: delivery.at };
    if (delivery.readings.length === 0) json = undefined;
    this.send(json, delivery.alarms);
  }

  /**
   * A batch's timeslices, then its alarms (`event: alarm`), written at once: all of a batch or
   * none. The batch's id goes on the first message; the others keep it (SSE keeps the last id),
   * so a reconnect goes on after all. A client too far behind to take it is ended (`too-slow`):
   * it comes back with the id it has and loses nothing.
   */
  private send(json: string | undefined, alarms: readonly string[]): void {
    let id: string | undefined = eventId(this.cursor);
    let text = '';
    if (json !== undefined) {
      text += sseMessage('timeslices', json, id);
      id = undefined;
    }
    for (const alarm of alarms) {
      text += sseMessage('alarm', alarm, id);
      id = undefined;
    }
    if (text !== '' && !this.connection.send(text)) this.end('too-slow');
  }

  /** A subset of a batch the hub already learned the names of. */
  private shapeNow(readings: readonly LoggedReading[]): string {
    const { timeslices } = this.options;
    if (this.scope.kind !== 'channel') throw new Error('only channel streams replay history');
    const head = timeslices.sliceHead(this.scope.channel);
    return '[' + readings.map((r) => timeslices.sliceJson(head, r)).join(',') + ']';
  }

  /**
   * Waits while the client has much unread (a long replay), or until it is gone; a client that
   * reads nothing for `slowReaderMs` is ended, so that it holds neither memory nor a slot.
   */
  private async drained(): Promise<void> {
    const { slowReaderMs, bufferBytes } = this.options;
    const deadline = Date.now() + slowReaderMs;
    while (!this.ended && this.connection.buffered > bufferBytes / REPLAY_BUFFER_PART) {
      if (Date.now() > deadline) {
        this.end('too-slow');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
