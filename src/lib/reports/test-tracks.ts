import fc from 'fast-check';
import type { NodeGps } from '../history-store/extract.ts';

/** A GPS message for tests: position optional, flags as the interface sends them. */
export interface Sample {
  ts: number;
  lat?: number;
  lon?: number;
  stationary?: boolean;
  calculated?: boolean;
}

const MINUTE = 60_000;
/** Metres per degree of latitude; longitude steps are scaled by the latitude's cosine. */
const M_PER_DEGREE = 111_195;
const HOME = { lat: 52.37, lon: 4.9 };

export function nodeGps(samples: readonly Sample[], node = 0): NodeGps {
  const n = samples.length;
  const gps: NodeGps = {
    node,
    ts: new Float64Array(n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    hdop: new Float64Array(n).fill(Number.NaN),
    stationary: new Uint8Array(n),
    calculated: new Uint8Array(n),
  };
  samples.forEach((s, i) => {
    const located = s.stationary !== false && s.lat !== undefined && s.lon !== undefined;
    gps.ts[i] = s.ts;
    gps.lat[i] = located ? (s.lat ?? 0) : Number.NaN;
    gps.lon[i] = located ? (s.lon ?? 0) : Number.NaN;
    gps.stationary[i] = s.stationary === undefined ? 0 : s.stationary ? 2 : 1;
    gps.calculated[i] = s.calculated === undefined ? 0 : s.calculated ? 2 : 1;
  });
  return gps;
}

/** `metres` east of a position (along its parallel). */
function east(at: { lat: number; lon: number }, metres: number) {
  return {
    lat: at.lat,
    lon: at.lon + metres / (M_PER_DEGREE * Math.cos((at.lat * Math.PI) / 180)),
  };
}

/** `metres` north of a position. */
function north(at: { lat: number; lon: number }, metres: number) {
  return { lat: at.lat + metres / M_PER_DEGREE, lon: at.lon };
}

export type Leg =
  | { kind: 'park'; ms: number }
  | {
      kind: 'drive';
      ms: number;
      kmh: number;
      /** Part of the drive (fractions from, to) in a tunnel: positions calculated, scattered. */
      tunnel?: [number, number];
    };

export interface TrackOptions {
  start: number;
  /** Devices that never send `stationary`: parked fixes every 5 min, judged by speed. */
  withoutFlags?: boolean;
  /** Position scatter in metres, from a seeded sequence. */
  scatter?: (i: number) => [number, number];
}

/**
 * GPS messages of a vehicle living through `legs`, as the demo's nodes send them: on stopping a
 * stationary fix, repeated every 30 min; on moving off `stationary: false` without a position;
 * fixes every 30 s on the move, due east at the leg's speed.
 */
export function simulate(legs: readonly Leg[], options: TrackOptions): Sample[] {
  const out: Sample[] = [];
  let t = options.start;
  let at = HOME;
  let k = 0;
  const scatter = (p: { lat: number; lon: number }, calculated = false) => {
    const [dx, dy] = options.scatter?.(k++) ?? [0, 0];
    const factor = calculated ? 4 : 1;
    return north(east(p, dx * factor), dy * factor);
  };
  legs.forEach((leg, index) => {
    if (leg.kind === 'park') {
      const every = options.withoutFlags ? 5 * MINUTE : 30 * MINUTE;
      for (let s = 0; s < leg.ms; s += every) {
        out.push({
          ts: t + s,
          ...scatter(at),
          ...(options.withoutFlags ? {} : { stationary: true }),
        });
      }
      t += leg.ms;
      return;
    }
    if (!options.withoutFlags && index > 0) out.push({ ts: t, stationary: false });
    const metresPerMs = leg.kmh / 3600;
    for (let s = 30_000; s < leg.ms; s += 30_000) {
      const fraction = s / leg.ms;
      const inTunnel =
        leg.tunnel !== undefined && fraction >= leg.tunnel[0] && fraction <= leg.tunnel[1];
      const p = scatter(east(at, s * metresPerMs), inTunnel);
      out.push({ ts: t + s, ...p, ...(inTunnel ? { calculated: true } : {}) });
    }
    at = east(at, leg.ms * metresPerMs);
    t += leg.ms;
  });
  const last = legs.at(-1);
  if (last?.kind === 'drive') out.push({ ts: t, ...scatter(at) });
  return out;
}

export const park = (minutes: number): Leg => ({ kind: 'park', ms: minutes * MINUTE });
export const drive = (minutes: number, kmh: number, tunnel?: [number, number]): Leg => ({
  kind: 'drive',
  ms: minutes * MINUTE,
  kmh,
  ...(tunnel ? { tunnel } : {}),
});

/** Clearly short or clearly long, never near a threshold (the speed rule has ±30 s slack). */
const parkLeg = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map(park),
  fc.integer({ min: 12, max: 600 }).map(park),
);
const driveLeg = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 8, max: 90 })),
    fc.integer({ min: 12, max: 90 }),
    fc.option(fc.tuple(fc.double({ min: 0, max: 0.5 }), fc.double({ min: 0.5, max: 1 })), {
      nil: undefined,
    }),
  )
  .filter(([minutes, kmh]) => {
    const metres = (minutes * kmh * 1000) / 60;
    return metres < 300 || metres > 800;
  })
  .map(([minutes, kmh, tunnel]) => drive(minutes, kmh, tunnel));
/** Days of parks and drives, each ending parked, for property tests. */
export const legs = fc
  .array(fc.tuple(parkLeg, driveLeg), { minLength: 1, maxLength: 12 })
  .chain((pairs) => parkLeg.map((last) => [...pairs.flat(), last]));
