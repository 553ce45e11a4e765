/**
 * What the live-streams benchmark's readers do with what they receive, kept light so that the
 * readers are not the benchmark's limit: find each reading's `"ts":` in the text instead of
 * parsing every event as JSON. One event in `sampleEvery` is parsed all the same and its
 * readings compared with what the scan found: a scan that missed or invented a reading is
 * counted (`mismatches`), and the benchmark refuses a run that has any.
 */
const TS_KEY = '"ts":';
const ZERO = 48;
const NINE = 57;

/** The `ts` values of the readings in text[from, to), in order. */
export function scanTimestamps(text: string, from = 0, to = text.length): number[] {
  const found: number[] = [];
  let at = text.indexOf(TS_KEY, from);
  while (at >= 0 && at < to) {
    let value = 0;
    let digits = 0;
    for (let i = at + TS_KEY.length; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c < ZERO || c > NINE) break;
      value = value * 10 + (c - ZERO);
      digits++;
    }
    if (digits > 0) found.push(value);
    at = text.indexOf(TS_KEY, at + TS_KEY.length);
  }
  return found;
}

/** The `ts` of each item of a JSON array of readings (the sample's check), or undefined. */
function parsedTimestamps(json: string): number[] | undefined {
  try {
    const items: unknown = JSON.parse(json);
    if (!Array.isArray(items)) return undefined;
    return items.map((item: unknown) =>
      typeof item === 'object' && item !== null && 'ts' in item && typeof item.ts === 'number'
        ? item.ts
        : NaN,
    );
  } catch {
    return undefined;
  }
}

const same = (a: readonly number[], b: readonly number[] | undefined) =>
  b !== undefined && a.length === b.length && a.every((value, i) => value === b[i]);

export class ReadingScanner {
  sampled = 0;
  mismatches = 0;
  private seen = 0;
  private readonly onReading: (ts: number, arrival: number) => void;
  private readonly sampleEvery: number;
  private readonly onRaised: ((raisedAt: number, arrival: number) => void) | undefined;

  /**
   * `onRaised`: each `alarm` event that says an alarm was raised, with the alarm's `raisedAt` (the
   * reading that raised it). Alarms are few: each is parsed as JSON.
   */
  constructor(
    onReading: (ts: number, arrival: number) => void,
    sampleEvery = 100,
    onRaised?: (raisedAt: number, arrival: number) => void,
  ) {
    this.onReading = onReading;
    this.sampleEvery = sampleEvery;
    this.onRaised = onRaised;
  }

  resetCounts(): void {
    this.sampled = 0;
    this.mismatches = 0;
  }

  /**
   * A reader of one event stream: give it the text as it arrives. Each `timeslices` event's
   * readings go to `onReading`; `onOpen` is called at the stream's `open` event.
   */
  stream(onOpen: () => void): (chunk: string, arrival: number) => void {
    let buffer = '';
    return (chunk, arrival) => {
      buffer = buffer.length === 0 ? chunk : buffer + chunk;
      let start = 0;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        this.event(buffer, start, end, arrival, onOpen);
        start = end + 2;
        end = buffer.indexOf('\n\n', start);
      }
      buffer = start === 0 ? buffer : buffer.slice(start);
    };
  }

  /** A history answer (a JSON array of readings); answers its newest ts (0 when empty). */
  history(text: string, arrival: number): number {
    const found = scanTimestamps(text);
    this.check(found, () => text);
    let newest = 0;
    for (const ts of found) {
      this.onReading(ts, arrival);
      if (ts > newest) newest = ts;
    }
    return newest;
  }

  private event(text: string, start: number, end: number, arrival: number, onOpen: () => void) {
    const name = text.indexOf('event: ', start);
    if (name < 0 || name >= end) return;
    if (text.startsWith('open', name + 7)) return onOpen();
    const alarm = text.startsWith('alarm\n', name + 7);
    if (!alarm && !text.startsWith('timeslices\n', name + 7)) return;
    const data = text.indexOf('data: ', name);
    if (data < 0 || data >= end) return;
    if (alarm) return this.alarm(text.slice(data + 6, end), arrival);
    const found = scanTimestamps(text, data + 6, end);
    this.check(found, () => text.slice(data + 6, end));
    for (const ts of found) this.onReading(ts, arrival);
  }

  private alarm(json: string, arrival: number): void {
    const event = JSON.parse(json) as { type?: string; alarm?: { raisedAt?: number } };
    const raisedAt = event.alarm?.raisedAt;
    if (event.type === 'raised' && raisedAt !== undefined) this.onRaised?.(raisedAt, arrival);
  }

  private check(found: readonly number[], json: () => string): void {
    if (this.seen++ % this.sampleEvery !== 0) return;
    this.sampled++;
    if (!same(found, parsedTimestamps(json()))) this.mismatches++;
  }
}

/** Latencies in 1 ms buckets up to a minute (longer ones in the last): no array per reading. */
export class LatencyHistogram {
  private readonly buckets = new Uint32Array(60_001);
  count = 0;

  add(ms: number): void {
    const bucket = Math.min(this.buckets.length - 1, Math.max(0, Math.round(ms)));
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    this.count++;
  }

  clear(): void {
    this.buckets.fill(0);
    this.count = 0;
  }

  /** The latency below which a share `q` of the readings arrived, ms; NaN when none did. */
  quantile(q: number): number {
    if (this.count === 0) return NaN;
    const wanted = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let ms = 0; ms < this.buckets.length; ms++) {
      seen += this.buckets[ms] ?? 0;
      if (seen >= wanted) return ms;
    }
    return this.buckets.length - 1;
  }
}
