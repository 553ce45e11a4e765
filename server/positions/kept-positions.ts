import { randomBytes } from 'node:crypto';
import type { EventLogStore, LoggedReading } from '../store/event-log.ts';
import {
  hasPosition,
  nodeLatestJson,
  type NodeScope,
  type PositionStore,
  type StoredReading,
} from '../store/positions.ts';
import { latestOfNodes, type SensorFind } from '../store/sql/positions.ts';
import { keepAtMost } from '../bounded-map.ts';

const DAY_MS = 86_400_000;
/** Batches of the event log read per query while catching up. */
const PAGE = 500;
/** Past this many pages behind, reading every sensor's newest again is cheaper than the log. */
const MAX_PAGES = 20;
/** Answers' bytes kept (one per distinct scope; 3 MB each for 10,000 nodes); the oldest goes. */
const KEPT_JOINED = 8;

/** Nodes per block of a kept answer's bytes. */
const BLOCK = 256;
const COMMA = Buffer.from(',');

interface KeptBlock {
  parts: readonly string[];
  bytes: Buffer;
}

/** `/v1/positions`' nodes as text or as UTF-8 pieces in order, either made only when asked for. */
export interface KeptAnswer {
  text: () => string;
  pieces: () => Buffer[];
  /** Set when the answer came from memory alone (see `KeptPositions.answer`). */
  version?: string;
}

function textAnswer(text: string): KeptAnswer {
  return { text: () => text, pieces: () => [Buffer.from(text)] };
}

/** Whether two lists hold the same texts (kept parts are the same strings, so this is quick). */
function sameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface KeptSensor {
  id: number;
  type: string | null;
  newest: StoredReading;
  fix?: StoredReading | undefined;
}

/**
 * A node's answer text and the starts it holds for: from just after `after` (the newest reading
 * it leaves out) up to `until` (the oldest it holds). Checking a start against these two numbers
 * reads no reading, so the loop over 10,000 nodes per answer touches less memory.
 */
interface MadeText {
  name: string;
  uuid: string;
  after: number;
  until: number;
  json: string;
}

/** A node's newest of any sensor, of a position, of a temperature; and its answer made once. */
interface KeptNode {
  sensors: KeptSensor[];
  seen: number;
  gps?: StoredReading | undefined;
  temp?: StoredReading | undefined;
  made?: MadeText | undefined;
}

/**
 * The newest reading, fix and temperature of every sensor, kept in memory per instance, so that
 * `/v1/positions` is the caller's scope and a join of texts made before instead of two index
 * seeks per sensor (docs/decisions/0151-positions-kept-in-memory.md). It starts from one read of
 * every sensor's newest (the first request) and follows the event log, which every instance's
 * ingestion appends to in commit order: before each answer it reads what was logged since, so an
 * answer holds every reading committed before it was asked, whichever instance stored it.
 * Newest is a maximum by ts (a sensor never has two readings at one ts), so a batch applied twice
 * or out of order changes nothing: the first read and the log may overlap.
 *
 * What memory cannot tell is asked of the store as before: a node with a reading after `to` (a
 * range in the past, or a gateway's clock ahead) and ranges reaching back past RETENTION_DAYS
 * (readings removed there are not followed).
 */
export class KeptPositions {
  private readonly positions: Pick<PositionStore, 'latest' | 'latestJson' | 'newestOfSensors'>;
  private readonly log: Pick<EventLogStore, 'after' | 'latest'>;
  private readonly retentionMs: number;
  private readonly now: () => number;
  /** Event log number applied so far; -1 before the first read. */
  private cursor = -1;
  private nodes = new Map<number, KeptNode>();
  private sensors = new Map<number, KeptSensor>();
  private running: Promise<void> | undefined;
  private readonly joined = new Map<string, KeptBlock[]>();
  private queued: Promise<void> | undefined;
  /** Counts every change of what is kept; `nonce` tells this instance's counts from others'. */
  private version = 0;
  private readonly nonce = randomBytes(6).toString('base64url');
  /** False: every answer from the store, the old way (benchmarks compare the two). */
  enabled = true;

  constructor(options: {
    positions: Pick<PositionStore, 'latest' | 'latestJson' | 'newestOfSensors'>;
    log: Pick<EventLogStore, 'after' | 'latest'>;
    retentionDays: number | null;
    now: () => number;
  }) {
    this.positions = options.positions;
    this.log = options.log;
    this.retentionMs = options.retentionDays === null ? Infinity : options.retentionDays * DAY_MS;
    this.now = options.now;
  }

  /**
   * `/v1/positions`' nodes for `scopes` (comma-separated, without brackets), made on demand; and
   * when made from memory alone, the version of what memory held: the same version, scopes and
   * range give the same text, so it can name an ETag without hashing megabytes, and a 304 makes
   * none of it (an instance's versions are its own: `nonce`). With `key` (the scopes' digest) the
   * text is kept as UTF-8 in blocks, each sent again while its nodes' texts are the same ones: a
   * fleet of 10,000 nodes is 3 MB, whose joining and encoding cost more than the rest.
   */
  async answer(
    scopes: readonly NodeScope[],
    from: number,
    to: number,
    key?: string,
  ): Promise<KeptAnswer> {
    if (!this.enabled) return textAnswer(await this.positions.latestJson(scopes, from, to));
    await this.caughtUp();
    const version = `${this.nonce}.${this.version}`;
    const horizon = this.now() - this.retentionMs;
    const parts: string[] = [];
    const asked: { scope: NodeScope; at: number }[] = [];
    for (const scope of scopes) {
      const node = this.nodes.get(scope.id);
      if (node === undefined) continue;
      const part = this.partOf(node, scope, from, to, horizon);
      if (part === undefined) {
        asked.push({ scope, at: parts.length });
        parts.push('');
      } else if (part !== '') parts.push(part);
    }
    if (asked.length === 0) return { ...this.joinedAnswer(parts, key), version };
    await this.askStore(asked, parts, from, to);
    return textAnswer(parts.filter((part) => part !== '').join(','));
  }

  /**
   * The parts as UTF-8 in blocks of BLOCK nodes, each block made again only when one of its
   * nodes' texts changed since the answer kept for `key`: one reading between two requests
   * makes one block again, not 3 MB.
   */
  private joinedAnswer(parts: string[], key: string | undefined): KeptAnswer {
    if (key === undefined) return textAnswer(parts.join(','));
    const before = this.joined.get(key) ?? [];
    return {
      text: () => parts.join(','),
      pieces: () => {
        const blocks: KeptBlock[] = [];
        for (let at = 0; at < parts.length; at += BLOCK) {
          const slice = parts.slice(at, at + BLOCK);
          const kept = before[blocks.length];
          blocks.push(
            kept !== undefined && sameParts(kept.parts, slice)
              ? kept
              : { parts: slice, bytes: Buffer.from(slice.join(',')) },
          );
        }
        keepAtMost(this.joined, key, blocks, KEPT_JOINED);
        return blocks.flatMap((block, i) => (i === 0 ? [block.bytes] : [COMMA, block.bytes]));
      },
    };
  }

  /** The node's answer: '' when it has none in range, undefined when memory cannot tell. */
  private partOf(
    node: KeptNode,
    scope: NodeScope,
    from: number,
    to: number,
    horizon: number,
  ): string | undefined {
    if (node.seen > to) return undefined;
    if (scope.only === undefined) {
      // The whole node from one instant: its newest of each kind, when not before that instant.
      const start = Math.max(from, scope.all ?? Infinity);
      if (start === Infinity) return '';
      if (start < horizon) return undefined;
      if (node.seen < start) return '';
      return this.made(node, scope, start);
    }
    const finds: SensorFind[] = [];
    for (const sensor of node.sensors) {
      const since = Math.min(scope.all ?? Infinity, scope.only.get(sensor.id) ?? Infinity);
      if (since === Infinity) continue;
      const start = Math.max(from, since);
      if (start < horizon) return undefined;
      if (sensor.newest.ts < start) continue;
      const fix = sensor.fix !== undefined && sensor.fix.ts >= start ? sensor.fix : undefined;
      finds.push({
        sensorId: sensor.id,
        nodeId: scope.id,
        valueType: sensor.type,
        newest: sensor.newest,
        fix,
      });
    }
    const [latest] = latestOfNodes([scope], finds);
    return latest === undefined ? '' : nodeLatestJson(latest);
  }

  /** The whole node's text, made again only when a reading, its name or what is in range changed. */
  private made(node: KeptNode, scope: NodeScope, start: number): string {
    const kept = node.made;
    if (
      kept !== undefined &&
      start > kept.after &&
      start <= kept.until &&
      kept.name === scope.name &&
      kept.uuid === scope.uuid
    ) {
      return kept.json;
    }
    const gps = node.gps !== undefined && node.gps.ts >= start ? node.gps : undefined;
    const temp = node.temp !== undefined && node.temp.ts >= start ? node.temp : undefined;
    const json = nodeLatestJson({
      nodeUuid: scope.uuid,
      nodeName: scope.name,
      lastSeen: node.seen,
      ...(gps ? { gps } : {}),
      ...(temp ? { temp } : {}),
    });
    // The text holds while every reading in it stays in and every one left out stays out.
    const held = [gps?.ts, temp?.ts].filter((ts) => ts !== undefined);
    const left = [gps ? undefined : node.gps?.ts, temp ? undefined : node.temp?.ts].filter(
      (ts) => ts !== undefined,
    );
    node.made = {
      name: scope.name,
      uuid: scope.uuid,
      after: Math.max(-Infinity, ...left),
      until: Math.min(Infinity, ...held),
      json,
    };
    return json;
  }

  /** The nodes memory cannot answer, asked of the store the old way, put in their places. */
  private async askStore(
    asked: readonly { scope: NodeScope; at: number }[],
    parts: string[],
    from: number,
    to: number,
  ): Promise<void> {
    const found = await this.positions.latest(
      asked.map(({ scope }) => scope),
      from,
      to,
    );
    const byUuid = new Map(found.map((latest) => [latest.nodeUuid, latest]));
    for (const { scope, at } of asked) {
      const latest = byUuid.get(scope.uuid);
      if (latest !== undefined) parts[at] = nodeLatestJson(latest);
    }
  }

  /**
   * Resolves once everything logged before the call is applied. Concurrent callers share one
   * read of the log; one that comes while a read runs waits for the next, which starts after it.
   */
  private caughtUp(): Promise<void> {
    if (this.queued !== undefined) return this.queued;
    const before = this.running ?? Promise.resolve();
    const next: Promise<void> = before
      .catch(() => {})
      .then(() => {
        this.queued = undefined;
        this.running = next;
        return this.catchUp();
      })
      .finally(() => {
        if (this.running === next) this.running = undefined;
      });
    this.queued = next;
    return next;
  }

  private async catchUp(): Promise<void> {
    if (this.cursor < 0) await this.load();
    for (let pages = 0; ; pages++) {
      if (pages === MAX_PAGES) {
        await this.load();
        pages = 0;
      }
      const events = await this.log.after(this.cursor, PAGE);
      const first = events[0];
      // Numbers are consecutive: a gap means the log was trimmed past us.
      if (first !== undefined && first.seq !== this.cursor + 1) {
        await this.load();
        continue;
      }
      for (const event of events) {
        for (const reading of event.readings) this.apply(reading);
        this.cursor = event.seq;
      }
      if (events.length < PAGE) return;
    }
  }

  /** Every sensor's newest, read again; what the log holds after `cursor` is applied after. */
  private async load(): Promise<void> {
    const cursor = await this.log.latest();
    const finds = await this.positions.newestOfSensors();
    this.nodes = new Map();
    this.sensors = new Map();
    this.version++;
    for (const find of finds) {
      const sensor = this.sensor(find.sensorId, find.nodeId, find.valueType);
      this.newest(sensor, find.nodeId, find.newest, find.fix);
    }
    this.cursor = cursor;
  }

  private apply(reading: LoggedReading): void {
    const sensor = this.sensor(reading.sensorId, reading.nodeId, reading.type);
    const stored = { ts: reading.ts, value: reading.value };
    const fix = reading.type === 'GPS' && hasPosition(reading.value) ? stored : undefined;
    this.newest(sensor, reading.nodeId, stored, fix);
  }

  private sensor(id: number, nodeId: number, type: string | null): KeptSensor {
    let sensor = this.sensors.get(id);
    if (sensor === undefined) {
      sensor = { id, type, newest: { ts: -Infinity, value: 'null' } };
      this.sensors.set(id, sensor);
      let node = this.nodes.get(nodeId);
      if (node === undefined) this.nodes.set(nodeId, (node = { sensors: [], seen: -Infinity }));
      node.sensors.push(sensor);
    }
    return sensor;
  }

  /** Takes `newest` and `fix` where they are newer than what the sensor and its node hold. */
  private newest(
    sensor: KeptSensor,
    nodeId: number,
    newest: StoredReading,
    fix: StoredReading | undefined,
  ): void {
    const node = this.nodes.get(nodeId);
    if (node === undefined) return;
    let sensorChanged = false;
    if (sensor.newest.ts < newest.ts) {
      sensor.newest = newest;
      sensorChanged = true;
    }
    if (fix !== undefined && (sensor.fix === undefined || sensor.fix.ts < fix.ts)) {
      sensor.fix = fix;
      sensorChanged = true;
    }
    if (node.seen < newest.ts) {
      node.seen = newest.ts;
      node.made = undefined;
    }
    if (fix !== undefined && (node.gps === undefined || node.gps.ts < fix.ts)) {
      node.gps = fix;
      node.made = undefined;
    }
    if (sensor.type === 'TEMP' && (node.temp === undefined || node.temp.ts < newest.ts)) {
      node.temp = newest;
      node.made = undefined;
    }
    // A node's newest only changes with one of its sensors'.
    if (sensorChanged) this.version++;
  }
}
