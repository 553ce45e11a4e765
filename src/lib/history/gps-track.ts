import type { GpsValue, Timeslice } from '../../../contract/timeslice.ts';

export interface TrackPoint {
  ts: number;
  lat: number;
  lon: number;
  hdop?: number;
  /** Placed by the cloud by other means than a GPS fix (section 2.3). */
  calculated: boolean;
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
