import type { Timeslice } from '../../../contract/timeslice.ts';
import type { FleetNode } from '../../../src/lib/history/fleet-positions.ts';
import type { TrackPoint } from '../../../src/lib/history/gps-track.ts';

/** A deterministic pseudo-random sequence, so every run draws the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const BENCH_END = Date.UTC(2026, 10, 21, 12);
const WEEK = 7 * 86_400_000;

/** `n` temperature readings of one sensor over a week, newest first as history answers. */
export function temperatureSlices(n: number, seed = 1): Timeslice[] {
  const next = random(seed);
  let value = 4;
  const items: Timeslice[] = [];
  for (let i = 0; i < n; i++) {
    value = Math.max(-25, Math.min(30, value + Math.round((next() - 0.5) * 2)));
    items.push({
      channelUuid: uuid(1),
      channelName: 'Van 07',
      gatewayUuid: uuid(2),
      gatewayName: 'GW 1',
      nodeUuid: uuid(1),
      nodeName: 'Van 07',
      sensorUuid: uuid(3),
      sensorName: 'temp',
      ts: BENCH_END - WEEK + Math.round((i / n) * WEEK),
      type: 'TEMP',
      value: { temperature: value },
    });
  }
  return items.reverse();
}

/** A drive of `n` positions around Berlin over a week, oldest first. */
export function trackPoints(n: number, seed = 2): TrackPoint[] {
  const next = random(seed);
  let lat = 52.52;
  let lon = 13.4;
  return Array.from({ length: n }, (_, i) => {
    lat += (next() - 0.5) * 0.01;
    lon += (next() - 0.48) * 0.015;
    return {
      ts: BENCH_END - WEEK + Math.round((i / n) * WEEK),
      lat,
      lon,
      hdop: Math.round(next() * 40) / 10 + 0.6,
      calculated: next() < 0.1,
    };
  });
}

/** `n` nodes scattered over Europe, last heard within the last two hours. */
export function fleetNodes(n: number, seed = 3): FleetNode[] {
  const next = random(seed);
  return Array.from({ length: n }, (_, i) => {
    const ts = BENCH_END - Math.round(next() * 7_200_000);
    return {
      nodeUuid: uuid(1000 + i),
      nodeName: `Node ${i + 1}`,
      position: { ts, lat: 36 + next() * 24, lon: -8 + next() * 34, calculated: next() < 0.1 },
      lastSeen: ts,
      lastTemperature: { value: Math.round(next() * 10), ts },
    };
  });
}
