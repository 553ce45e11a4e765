import type { LiveOpen } from '../../contract/live.ts';
import type { EventLogStore } from '../store/event-log.ts';
import type { ReadingStore } from '../store/readings.ts';
import type { Timeslices } from '../history/timeslices.ts';
import { sseMessage } from './sse.ts';
import { alarmJson, type StreamHub } from './stream-hub.ts';
import { inScope, type StreamScope } from './stream-scope.ts';
import { replayTurns } from './replay-turns.ts';

/** A position in the event log, as an event id: `<seq>-<epoch ms it was logged>`. */
export interface LogPosition {
  seq: number;
  at: number;
}

export const eventId = (position: LogPosition) => `${position.seq}-${position.at}`;

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

/** The stream a replay writes to (LiveStream), and what it reads from. */
export interface ReplayingStream {
  readonly log: Pick<EventLogStore, 'after' | 'latest'>;
  readonly readings: Pick<ReadingStore, 'range' | 'edges'>;
  readonly timeslices: Pick<Timeslices, 'learn' | 'sliceHead' | 'sliceJson'>;
  readonly hub: Pick<StreamHub, 'shape'>;
  now(): number;
  scope(): StreamScope;
  ended(): boolean;
  /** Where the stream's id is: the last event written (or skipped). */
  cursor: LogPosition;
  /** Writes a batch's timeslices and alarms at once (LiveStream.send). */
  send(json: string | undefined, alarms: readonly string[]): void;
  /** Writes one message; a client too far behind to take it is ended. */
  sendMessage(message: string): void;
  /** Waits while the client has much unread. */
  drained(): Promise<void>;
  /** Readings of live batches held back meanwhile, which the replay leaves out. */
  readonly queuedKeys: ReadonlySet<string>;
  /** Recent readings the replay sent, which live batches may repeat. */
  readonly sentRecently: Set<string>;
  /** Live batches up to log number `until` leave out what `sentRecently` holds. */
  dedupeUntil(until: number): void;
  /** Moves the stream up to what the log holds, before a replay from history (LiveStream). */
  catchUpWithLog(): Promise<void>;
}

/**
 * Every batch after `position`, from the event log, when it still holds them (it keeps an
 * hour); otherwise history (channel streams) or word that something was missed (the fleet).
 */
export async function replayAfter(
  stream: ReplayingStream,
  position: LogPosition,
): Promise<LiveOpen> {
  const { log, hub } = stream;
  const latest = await log.latest();
  let events = position.seq <= latest ? await log.after(position.seq, LOG_PAGE) : [];
  // Numbers are consecutive: the log holds everything after `position` when its next number
  // is there (or nothing came after it).
  const covered =
    position.seq === latest || (events.length > 0 && events[0]?.seq === position.seq + 1);
  if (!covered) {
    if (stream.scope().kind === 'fleet') return { replayed: 'none', missed: true };
    const dayAgo = stream.now() - 86_400_000;
    return replayHistory(stream, Math.max(position.at - REPLAY_MARGIN_MS, dayAgo));
  }
  stream.cursor = position;
  for (;;) {
    for (const event of events) {
      if (stream.ended()) return { replayed: 'events', missed: false };
      const scope = stream.scope();
      const readings = event.readings.filter((reading) => inScope(scope, reading));
      const alarms = (event.alarms ?? []).filter((alarm) => inScope(scope, alarm)).map(alarmJson);
      stream.cursor = { seq: event.seq, at: event.at };
      if (readings.length === 0 && alarms.length === 0) continue;
      const json = readings.length > 0 ? await hub.shape(scope, readings) : undefined;
      stream.send(json, alarms);
      await stream.drained();
    }
    if (events.length < LOG_PAGE) break;
    const after = stream.cursor.seq;
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
 * meanwhile that the replay has sent are left out of the live batches that carry them
 * (`sentRecently`).
 */
export async function replayHistory(stream: ReplayingStream, from: number): Promise<LiveOpen> {
  const { readings, timeslices } = stream;
  const scope = stream.scope();
  if (scope.kind !== 'channel') return { replayed: 'none', missed: true };
  const channel = scope.channel;
  await stream.catchUpWithLog();
  const started = stream.now();
  const to = started + REPLAY_MARGIN_MS;
  // Where each window of REPLAY_WINDOW readings begins, newest first, from the index alone, a
  // piece of EDGES_PER_PIECE windows per turn: not the newest REPLAY_MAX_ITEMS readings read
  // with their values (abuse benchmark: 20 unread replays spent most of their CPU on that).
  const most = REPLAY_MAX_ITEMS / REPLAY_WINDOW;
  const found: number[] = [];
  let truncated = false;
  for (let upper = to; !stream.ended();) {
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
    if (stream.ended()) break;
    // Twice the window: readings that arrived since the first pass are not cut off.
    const rows = await replayTurns.run(async () => {
      const window = await readings.range(channel.id, start, end, 2 * REPLAY_WINDOW);
      const fresh = window
        .reverse()
        .filter(([sensorId, , ts]) => !stream.queuedKeys.has(`${sensorId}:${ts}`));
      await timeslices.learn(fresh.map(([sensorId, gatewayId]) => [sensorId, gatewayId] as const));
      return fresh;
    });
    start = end + 1;
    for (let i = 0; i < rows.length && !stream.ended(); i += REPLAY_CHUNK) {
      const chunk = rows.slice(i, i + REPLAY_CHUNK);
      for (const [sensorId, , ts] of chunk) {
        first ??= ts;
        if (ts >= recentFrom) stream.sentRecently.add(`${sensorId}:${ts}`);
      }
      const message = await replayTurns.run(async () => {
        const json = chunk.map(([sensorId, gatewayId, ts, type, value]) =>
          timeslices.sliceJson(head, { sensorId, gatewayId, ts, type, value }),
        );
        return sseMessage('timeslices', `[${json.join(',')}]`);
      });
      stream.sendMessage(message);
      await stream.drained();
    }
  }
  stream.dedupeUntil(await stream.log.latest());
  return truncated
    ? { replayed: 'history', from: first ?? from, missed: true }
    : { replayed: 'history', from, missed: false };
}
