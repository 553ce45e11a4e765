import type { GpsValue, Timeslice } from '../../../contract/timeslice.ts';
import { ascendingByTime } from './search.ts';

export interface TrackPoint {
  ts: number;
  lat: number;
  lon: number;
  hdop?: number;
  /** Placed by the cloud by other means than a GPS fix (section 2.3). */
  calculated: boolean;
}

/** One node's positions, oldest first. */
export interface Track {
  nodeUuid: string;
  nodeName: string;
  points: TrackPoint[];
}

/**
 * The position a GPS value carries, if any. Section 2.3: a message with `stationary` false carries
 * no GPS information, whatever else it holds; every field is optional, so a value may lack one.
 */
export function locationOf(value: GpsValue): { lat: number; lon: number } | undefined {
  if (value.stationary === false) return undefined;
  const { lat, lon } = value;
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return undefined;
  }
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  return { lat, lon };
}

export function trackPointOf(item: Timeslice): TrackPoint | undefined {
  if (item.type !== 'GPS') return undefined;
  const location = locationOf(item.value);
  if (!location) return undefined;
  const point: TrackPoint = {
    ts: item.ts,
    ...location,
    calculated: item.value.calculated === true,
  };
  if (item.value.hdop !== undefined) point.hdop = item.value.hdop;
  return point;
}

/** A line per node; messages without a location are skipped. */
export function gpsTracks(items: Iterable<Timeslice>): Track[] {
  const byNode = new Map<string, Track>();
  for (const item of items) {
    const point = trackPointOf(item);
    if (!point) continue;
    let track = byNode.get(item.nodeUuid);
    if (!track) {
      track = { nodeUuid: item.nodeUuid, nodeName: item.nodeName, points: [] };
      byNode.set(item.nodeUuid, track);
    }
    track.points.push(point);
  }
  const tracks = [...byNode.values()];
  for (const track of tracks) ascendingByTime(track.points, (p) => p.ts);
  return tracks.sort((a, b) => a.nodeName.localeCompare(b.nodeName));
}
