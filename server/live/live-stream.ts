import type { LiveEnd, LiveEndReason, LiveOpen } from '../../contract/live.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { EventLogStore, LoggedReading } from '../store/event-log.ts';
import type { ReadingStore } from '../store/readings.ts';
import type { Timeslices } from '../history/timeslices.ts';
import { sseMessage, type SseConnection } from './sse.ts';
import {
  alarmJson,
  type Delivery,
  type HubSubscriber,
  type StreamHub,
  type Subscription,
} from './stream-hub.ts';
import { inScope, type StreamScope } from './stream-scope.ts';
import { replayTurns } from './replay-turns.ts';

/** A position in the event log, as an event id: `<seq>-<epoch ms it was logged>`. */
export interface LogPosition {
  seq: number;
  at: number;
}

const eventId = (position: LogPosition) => `${position.seq}-${position.at}`;

/** Undefined for anything that is not an event id this cloud gives. */
export function parseEventId(text: string): LogPosition | undefined {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(text.trim());
  if (!match) return undefined;
  return { seq: Number(match[1]), at: Number(match[2]) };
}

/** What a new stream sends before going live. */
export type Replay =
  | { kind: 'none' }
  /** Everything after the client's Last-Event-ID. */
  | { kind: 'after'; position: LogPosition }
  /** History from an instant (a channel stream's `since`). */
  | { kind: 'since'; from: number };

/**
 * Readings arrive up to this long after they were measured (gateways deliver in batches): when a
 * client's Last-Event-ID is older than the log holds, history is replayed from this long before
 * it was logged. (Ingestion takes readings up to 5 minutes ahead of its clock, too.)
 */
const REPLAY_MARGIN_MS = 5 * 60_000;
/** The most a replay from history sends; older readings are read through history itself. */
export const REPLAY_MAX_ITEMS = 50_000;
const REPLAY_CHUNK = 250;
/**
 * Readings read from history at once while replaying: small, because a replay's piece runs
 * between two turns of the event loop (abuse benchmark: 1,000 kept other users' p99 at 9×).
 */
const REPLAY_WINDOW = 250;
/** Window edges found per piece: 5,000 index entries, a millisecond or two between two turns. */
const EDGES_PER_PIECE = 20;
const LOG_PAGE = 100;
/** Readings a stream may hold back while it replays; beyond that the client is too slow. */
const MAX_QUEUED_READINGS = 200_000;
/** A replay pauses while the client has this part of the stream's buffer unread. */
const REPLAY_BUFFER_PART = 4;

const endings: Record<LiveEndReason, Pick<LiveEnd, 'status' | 'message'>> = {
  'token-expired': {
    status: 'UNAUTHORIZED',
    message:
      'The access token has expired. Reconnect with a new token and Last-Event-ID to go on ' +
      'where this stream ended.',
  },
  'credentials-refused': {
    status: 'UNAUTHORIZED',
    message: 'The credentials of this stream are no longer accepted.',
  },
  'out-of-reach': {
    status: 'NOT_FOUND',
    message: 'The channel is no longer within your reach.',
  },
  forbidden: {
    status: 'FORBIDDEN',
    message: 'You may no longer read this history.',
  },
  'too-slow': {
    status: 'SERVICE_UNAVAILABLE',
    message:
      'The stream was ended because its client did not read it fast enough. Reconnect with ' +
      'Last-Event-ID: nothing is lost.',
  },
  shutdown: {
    status: 'SERVICE_UNAVAILABLE',
    message:
      'This instance of the cloud is stopping. Reconnect with Last-Event-ID: another instance ' +
      'goes on where this stream ended.',
  },
};

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
  private expiry: NodeJS.Timeout | undefined;
  private rechecking: NodeJS.Timeout | undefined;
  private ended = false;

  private constructor(options: LiveStreamOptions) {
    this.options = options;
    this.connection = options.connection;
    this.scope = options.scope;
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
    clearTimeout(this.expiry);
    clearTimeout(this.rechecking);
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
    this.watchCredentials();
    this.cursor = { seq: this.subscription.seq, at: this.subscription.at };
    let open: LiveOpen = { replayed: 'none', missed: false };
    try {
      const { replay } = options;
      if (replay.kind === 'after') {
        open = await this.replayAfter(replay.position);
      } else if (replay.kind === 'since') {
        open = await this.replayHistory(replay.from);
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
   * Every batch after `position`, from the event log, when it still holds them (it keeps an
   * hour); otherwise history (channel streams) or word that something was missed (the fleet).
   */
  private async replayAfter(position: LogPosition): Promise<LiveOpen> {
    const { log, hub } = this.options;
    const latest = await log.latest();
    let events = position.seq <= latest ? await log.after(position.seq, LOG_PAGE) : [];
    // Numbers are consecutive: the log holds everything after `position` when its next number
    // is there (or nothing came after it).
    const covered =
      position.seq === latest || (events.length > 0 && events[0]?.seq === position.seq + 1);
    if (!covered) {
      if (this.scope.kind === 'fleet') return { replayed: 'none', missed: true };
      const dayAgo = this.options.now() - 86_400_000;
      return this.replayHistory(Math.max(position.at - REPLAY_MARGIN_MS, dayAgo));
    }
    this.cursor = position;
    for (;;) {
      for (const event of events) {
        if (this.ended) return { replayed: 'events', missed: false };
        const readings = event.readings.filter((reading) => inScope(this.scope, reading));
        const alarms = (event.alarms ?? [])
          .filter((alarm) => inScope(this.scope, alarm))
          .map(alarmJson);
        this.cursor = { seq: event.seq, at: event.at };
        if (readings.length === 0 && alarms.length === 0) continue;
        const json = readings.length > 0 ? await hub.shape(this.scope, readings) : undefined;
        this.send(json, alarms);
        await this.drained();
      }
      if (events.length < LOG_PAGE) break;
      const after = this.cursor.seq;
      events = await replayTurns.run(() => log.after(after, LOG_PAGE));
    }
    return { replayed: 'events', missed: false };
  }

  /**
   * A channel's history from `from` to now (the newest REPLAY_MAX_ITEMS at most), oldest first,
   * in messages of REPLAY_CHUNK, read a window at a time as the client reads
   * (docs/decisions/0041-fair-shares.md): the window edges (and where the newest
   * REPLAY_MAX_ITEMS begin) come from the index in one query; then each window is read, oldest
   * first, and the client is waited for before the next. Readings logged
   * meanwhile that the replay has sent are left out of the live batches that carry them.
   */
  private async replayHistory(from: number): Promise<LiveOpen> {
    const { readings, log, timeslices } = this.options;
    if (this.scope.kind !== 'channel') return { replayed: 'none', missed: true };
    const channel = this.scope.channel;
    await this.catchUpWithLog();
    const started = this.options.now();
    const to = started + REPLAY_MARGIN_MS;
    // Where each window of REPLAY_WINDOW readings begins, newest first, from the index alone, a
    // piece of EDGES_PER_PIECE windows per turn: not the newest REPLAY_MAX_ITEMS readings read
    // with their values (abuse benchmark: 20 unread replays spent most of their CPU on that).
    const most = REPLAY_MAX_ITEMS / REPLAY_WINDOW;
    const found: number[] = [];
    let truncated = false;
    for (let upper = to; !this.ended;) {
      const piece = await replayTurns.run(() =>
        readings.edges(channel.id, from, upper, REPLAY_WINDOW, EDGES_PER_PIECE),
      );
      found.push(...piece);
      const last = piece.at(-1);
      if (found.length >= most) {
        truncated = true;
        found.length = most;
        break;
      }
      if (piece.length < EDGES_PER_PIECE || last === undefined || last === upper) break;
      upper = last;
    }
    // Truncated: the oldest edge is where the newest REPLAY_MAX_ITEMS begin.
    const lower = truncated ? (found.pop() ?? from) : from;
    const edges = [to, ...found];
    // Windows oldest first: [lower, e_k], (e_k, e_k-1], … (e_1, to]; each edge in one window only.
    edges.reverse();
    const head = timeslices.sliceHead(channel);
    const recentFrom = started - REPLAY_MARGIN_MS;
    let first: number | undefined;
    let start = lower;
    for (const end of edges) {
      if (this.ended) break;
      // Twice the window: readings that arrived since the first pass are not cut off.
      const rows = await replayTurns.run(async () => {
        const window = await readings.range(channel.id, start, end, 2 * REPLAY_WINDOW);
        const fresh = window
          .reverse()
          .filter(([sensorId, , ts]) => !this.queuedKeys.has(`${sensorId}:${ts}`));
        await timeslices.learn(
          fresh.map(([sensorId, gatewayId]) => [sensorId, gatewayId] as const),
        );
        return fresh;
      });
      start = end + 1;
      for (let i = 0; i < rows.length && !this.ended; i += REPLAY_CHUNK) {
        const chunk = rows.slice(i, i + REPLAY_CHUNK);
        for (const [sensorId, , ts] of chunk) {
          first ??= ts;
          if (ts >= recentFrom) this.sentRecently.add(`${sensorId}:${ts}`);
        }
        const message = await replayTurns.run(async () => {
          const json = chunk.map(([sensorId, gatewayId, ts, type, value]) =>
            timeslices.sliceJson(head, { sensorId, gatewayId, ts, type, value }),
          );
          return sseMessage('timeslices', `[${json.join(',')}]`);
        });
        if (!this.connection.send(message)) this.end('too-slow');
        await this.drained();
      }
    }
    this.dedupeUntil = await log.latest();
    this.dedupe = this.sentRecently;
    return truncated
      ? { replayed: 'history', from: first ?? from, missed: true }
      : { replayed: 'history', from, missed: false };
  }

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

  private watchCredentials(): void {
    const { expiresAt, recheckMs } = this.options;
    if (expiresAt !== undefined) {
      // setTimeout takes at most 2^31 - 1 ms (24.8 days); tokens live far shorter.
      const wait = Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1);
      this.expiry = setTimeout(() => this.end('token-expired'), wait);
    }
    const again = () => {
      void this.recheck().finally(() => {
        if (!this.ended) this.rechecking = setTimeout(again, recheckMs);
      });
    };
    this.rechecking = setTimeout(again, recheckMs);
  }

  private async recheck(): Promise<void> {
    try {
      const verdict = await this.options.recheck();
      if (this.ended) return;
      if (typeof verdict === 'string') this.end(verdict);
      else if (verdict.kind === 'fleet') {
        this.scope = verdict;
        this.subscription?.rescope(verdict);
      }
    } catch (error) {
      // The database or the identity provider did not answer: the stream goes on, and the next
      // look decides.
      this.options.logger.warn({ err: error }, 'live stream: access could not be checked again');
    }
  }
}
