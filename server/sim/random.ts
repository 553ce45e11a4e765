/**
 * Deterministic randomness for the simulated fleet. Every value is a pure function of its inputs
 * (a vehicle, a day, a timestamp), so the backfill, the live simulator and a restarted simulator
 * produce exactly the same data for the same instant.
 */

/** A 32-bit hash of integers (murmur3's finaliser over a running mix). */
function hash32(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Fold the value in 32-bit halves so millisecond timestamps keep their high bits.
    const low = part | 0;
    const high = Math.floor(part / 4_294_967_296) | 0;
    h = Math.imul(h ^ low, 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13) ^ high, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A number in [0, 1) determined by `parts`. */
export function unit(...parts: readonly number[]): number {
  return hash32(...parts) / 4_294_967_296;
}

/** A seeded generator (mulberry32) for drawing a sequence, e.g. the stops of one day. */
export class Prng {
  private state: number;

  constructor(...seed: readonly number[]) {
    this.state = hash32(...seed);
  }

  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** In [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.min(count, pool.length));
  }
}
