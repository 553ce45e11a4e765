export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `fraction` of the way from a to b (linear: segments are at most a few km long). */
export function between(a: LatLon, b: LatLon, fraction: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * fraction, lon: a.lon + (b.lon - a.lon) * fraction };
}

/** The point `metres` from `origin` towards `bearing` (radians, 0 = north). */
export function offset(origin: LatLon, metres: number, bearing: number): LatLon {
  const dLat = (metres * Math.cos(bearing)) / EARTH_RADIUS_M / RAD;
  const dLon = (metres * Math.sin(bearing)) / (EARTH_RADIUS_M * Math.cos(origin.lat * RAD)) / RAD;
  return { lat: origin.lat + dLat, lon: origin.lon + dLon };
}

/** Rounds to 6 decimals (about 0.1 m), as a GPS receiver reports. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
