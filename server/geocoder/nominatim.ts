import { keepAtMost } from '../bounded-map.ts';

/**
 * Reverse geocoding through a Nominatim server (GEOCODER_URL), as its usage policy asks
 * (https://operations.osmfoundation.org/policies/nominatim/): at most one request a second from
 * this instance, an identifying User-Agent, and answers cached. Done by the cloud, never by the
 * browser: the person's token never goes to a third party, and one cache and one rate serve every
 * person (docs/decisions/0063-places-not-coordinates.md).
 */

export interface GeocoderOptions {
  /** Base address of a Nominatim server, e.g. https://nominatim.openstreetmap.org. */
  baseUrl: string;
  userAgent: string;
  /** Between two requests to the server: 1 s, as the policy asks (less only in tests). */
  intervalMs?: number;
  /** Requests waiting for their turn at most; the next is refused (the caller asks again later). */
  maxWaiting?: number;
  /** Answers kept; the least recently used go first. */
  maxEntries?: number;
  /** How long an answer is kept; a failure only a minute, so a broken server is not hammered. */
  keepMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export class GeocoderBusy extends Error {
  readonly retryAfterS: number;
  constructor(retryAfterS: number) {
    super('The place finder is busy: ask again in a few seconds.');
    this.retryAfterS = retryAfterS;
  }
}

interface Entry {
  name: string | null;
  until: number;
}

const FAILURE_KEEP_MS = 60_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** Positions are rounded to 4 decimals (about 10 m): one answer serves a stop's scatter. */
const placeKey = (lat: number, lon: number) => `${lat.toFixed(4)},${lon.toFixed(4)}`;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * A short name from Nominatim's jsonv2 answer: the feature's own name (a shop, a depot), else the
 * street and number, with the town; the display name's first parts when neither is there.
 */
function shortName(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || 'error' in answer) return null;
  const record = answer as Record<string, unknown>;
  const address = (
    typeof record.address === 'object' && record.address !== null ? record.address : {}
  ) as Record<string, unknown>;
  const town =
    text(address.city) ?? text(address.town) ?? text(address.village) ?? text(address.municipality);
  const street = text(address.road) ?? text(address.pedestrian) ?? text(address.footway);
  const number = text(address.house_number);
  const own = text(record.name);
  const line = street ? (number ? `${street} ${number}` : street) : undefined;
  const parts = [own, line, town].filter((part): part is string => part !== undefined);
  const unique = parts.filter((part, i) => parts.indexOf(part) === i);
  if (own || line) return unique.join(', ');
  const display = text(record.display_name);
  return display
    ? display
        .split(',')
        .slice(0, 3)
        .map((p) => p.trim())
        .join(', ')
    : null;
}

export class NominatimGeocoder {
  private readonly options: Required<GeocoderOptions>;
  private readonly cache = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private queue: Promise<void> = Promise.resolve();
  private lastEnded = Number.NEGATIVE_INFINITY;
  private waiting = 0;
  /** Requests sent to the server (tests and metrics read it). */
  sent = 0;

  constructor(options: GeocoderOptions) {
    this.options = {
      intervalMs: 1000,
      maxWaiting: 30,
      maxEntries: 20_000,
      keepMs: 7 * 86_400_000,
      timeoutMs: 5_000,
      now: Date.now,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  /** The name of the place at a position, or null when the server knows none (or failed). */
  async reverse(lat: number, lon: number): Promise<string | null> {
    const key = placeKey(lat, lon);
    const now = this.options.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) {
      // Used again: kept longest.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.name;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    if (this.waiting >= this.options.maxWaiting) {
      throw new GeocoderBusy(Math.ceil((this.waiting * this.options.intervalMs) / 1000));
    }
    const asked = this.ask(key);
    this.inFlight.set(key, asked);
    try {
      return await asked;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /**
   * One request at a time, each begun at least `intervalMs` after the one before ended, so that
   * the server sees them a second apart however long each took on the way.
   */
  private async ask(key: string): Promise<string | null> {
    this.waiting += 1;
    const turn = this.queue.then(async () => {
      this.waiting -= 1;
      const wait = this.lastEnded + this.options.intervalMs - this.options.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const name = await this.fetchName(key);
        this.remember(key, { name, until: this.options.now() + this.options.keepMs });
        return name;
      } catch {
        // A server that fails is not the person's problem: the console shows coordinates.
        this.remember(key, { name: null, until: this.options.now() + FAILURE_KEEP_MS });
        return null;
      } finally {
        this.lastEnded = this.options.now();
      }
    });
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async fetchName(key: string): Promise<string | null> {
    const [lat, lon] = key.split(',');
    const url = new URL(`${this.options.baseUrl}/reverse`);
    url.search = new URLSearchParams({
      format: 'jsonv2',
      lat: lat ?? '',
      lon: lon ?? '',
      zoom: '18',
      addressdetails: '1',
    }).toString();
    this.sent += 1;
    const response = await fetch(url, {
      headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    const body = await response.text();
    if (body.length > MAX_ANSWER_BYTES) throw new Error('Geocoder answer too large');
    return shortName(JSON.parse(body));
  }

  private remember(key: string, entry: Entry) {
    keepAtMost(this.cache, key, entry, this.options.maxEntries);
  }
}
