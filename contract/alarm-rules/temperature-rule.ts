/**
 * Raising and clearing temperature alarms from one sensor's readings (issue 24,
 * docs/decisions/0080-alarms.md). Pure: the caller loads the sensor's open excursion, hands it
 * the readings of a batch and writes back what comes out, in the batch's transaction.
 *
 * - A reading is out when it is above `max` or below `min`; the limits themselves are in.
 * - With a delay, an excursion waits ('pending', never shown) until a reading at least
 *   `delayMs` after its first out reading is still out; a reading back in before that ends it.
 * - An alarm clears when readings have been back in for `holdOffMs` (0: at the first one); a
 *   reading out before that continues the same alarm, so a temperature hovering at the limit
 *   raises one alarm, not one per crossing.
 * - Time is the readings' time, so a gap in the data neither raises nor clears anything.
 * - A reading older than the newest one already evaluated for the sensor changes no state (it
 *   may still be the peak of the active alarm whose span holds it).
 * - Severity follows how far and how long (temperature-severity.ts), rising while it lasts.
 */
import type { AppliedLimits } from '../temperature-limits.ts';
import {
  delayMsOf,
  graver,
  temperatureSeverity,
  type TemperatureSeverity,
} from './temperature-severity.ts';

export interface Band {
  min?: number;
  max?: number;
  delayMs: number;
}

/** The band a sensor is held to from the limits that apply (none when they conflict). */
export function bandFrom(applied: AppliedLimits | undefined): Band | undefined {
  if (!applied || applied.conflict) return undefined;
  return {
    ...(applied.min !== undefined ? { min: applied.min } : {}),
    ...(applied.max !== undefined ? { max: applied.max } : {}),
    delayMs: delayMsOf(applied.delayMinutes),
  };
}

export interface TempReading {
  ts: number;
  value: number;
  readingId: number;
}

/** One excursion, open or ended within the batch. */
export interface Episode {
  /** The stored row, for the excursion that was open before the batch. */
  id?: number;
  /** 'cleared': a person cleared it while the data was still out (it stays open until back in). */
  status: 'pending' | 'active' | 'cleared';
  direction: 'above' | 'below';
  limitMin?: number;
  limitMax?: number;
  firstOutAt: number;
  firstValue: number;
  raisedAt?: number;
  raisedReadingId?: number;
  raisedValue?: number;
  peak: number;
  peakAt: number;
  /** How serious it is (raised ones): how far and how long, never lower than before. */
  severity?: TemperatureSeverity;
  /** The newest reading evaluated for it. */
  lastTs: number;
  /** The first reading back in since the last out one (the hold-off runs from it). */
  backInAt?: number;
  /** Raised by this batch's readings. */
  raisedNow?: boolean;
  /** How it ended within the batch; undefined while it stays open. */
  end?:
    | { kind: 'cleared'; at: number; readingId: number }
    | { kind: 'cancelled' }
    | { kind: 'released' };
  /** Its row changed (peak, last reading, hold-off), so it is written back. */
  changed?: boolean;
}

/** How far `value` is outside the excursion's band (0 or less: inside). */
function beyond(episode: Pick<Episode, 'limitMin' | 'limitMax'>, value: number): number {
  return Math.max(
    episode.limitMax === undefined ? -Infinity : value - episode.limitMax,
    episode.limitMin === undefined ? -Infinity : episode.limitMin - value,
  );
}

function isOut(band: Band | undefined, value: number): 'above' | 'below' | undefined {
  if (!band) return undefined;
  if (band.max !== undefined && value > band.max) return 'above';
  if (band.min !== undefined && value < band.min) return 'below';
  return undefined;
}

function raise(episode: Episode, reading: TempReading): void {
  episode.status = 'active';
  episode.raisedAt = reading.ts;
  episode.raisedReadingId = reading.readingId;
  episode.raisedValue = reading.value;
  episode.raisedNow = true;
  grade(episode, reading.ts);
}

/** Severity of a raised excursion at its newest reading out `at`: how far (its peak), how long. */
function grade(episode: Episode, at: number): void {
  if (episode.status !== 'active') return;
  const now = temperatureSeverity(beyond(episode, episode.peak), at - episode.firstOutAt);
  episode.severity = episode.severity === undefined ? now : graver(episode.severity, now);
}

/**
 * Folds `readings` (any order) into the sensor's excursions: the one open before (if any) first,
 * then any that began and ended in the batch, and the one left open last. `band` undefined:
 * the sensor has no limits (now), so every reading is in. `newestBefore`: the newest reading of
 * the sensor stored before the batch, when no excursion was open (older ones are late).
 */
export function evaluateTemperature(
  open: Episode | undefined,
  readings: readonly TempReading[],
  band: Band | undefined,
  holdOffMs: number,
  newestBefore?: number,
): Episode[] {
  const episodes: Episode[] = open ? [{ ...open }] : [];
  let current = episodes[0];
  let last = open ? open.lastTs : (newestBefore ?? -Infinity);
  const sorted = [...readings].sort((a, b) => a.ts - b.ts || a.readingId - b.readingId);
  for (const reading of sorted) {
    if (reading.ts <= last) {
      // Late: only the peak of the alarm that spans it may change.
      const late = episodes.find(
        (e) => e.status === 'active' && reading.ts >= e.firstOutAt && reading.ts <= e.lastTs,
      );
      if (late && beyond(late, reading.value) > beyond(late, late.peak)) {
        late.peak = reading.value;
        late.peakAt = reading.ts;
        late.changed = true;
        grade(late, late.lastTs);
      }
      continue;
    }
    last = reading.ts;
    const out = isOut(band, reading.value);
    if (out && !current) {
      current = {
        status: 'pending',
        direction: out,
        ...(band?.min !== undefined ? { limitMin: band.min } : {}),
        ...(band?.max !== undefined ? { limitMax: band.max } : {}),
        firstOutAt: reading.ts,
        firstValue: reading.value,
        peak: reading.value,
        peakAt: reading.ts,
        lastTs: reading.ts,
        changed: true,
      };
      if (band && band.delayMs <= 0) raise(current, reading);
      episodes.push(current);
      continue;
    }
    if (!current) continue;
    current.lastTs = reading.ts;
    current.changed = true;
    if (out) {
      current.backInAt = undefined;
      if (beyond(current, reading.value) > beyond(current, current.peak)) {
        current.peak = reading.value;
        current.peakAt = reading.ts;
      }
      if (current.status === 'pending' && reading.ts - current.firstOutAt >= (band?.delayMs ?? 0)) {
        raise(current, reading);
      } else {
        grade(current, reading.ts);
      }
      continue;
    }
    if (current.status === 'pending') {
      current.end = { kind: 'cancelled' };
      current = undefined;
      continue;
    }
    current.backInAt ??= reading.ts;
    if (reading.ts - current.backInAt >= holdOffMs) {
      current.end =
        current.status === 'active'
          ? { kind: 'cleared', at: reading.ts, readingId: reading.readingId }
          : { kind: 'released' };
      current = undefined;
    }
  }
  return episodes;
}
