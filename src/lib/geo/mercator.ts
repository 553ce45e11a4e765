/**
 * Web Mercator (EPSG:3857, Leaflet's default) as fractions of the world square: x from 0 at
 * 180°W to 1 at 180°E, y from 0 at the top. Multiplying by 256 · 2^zoom gives Leaflet's pixel
 * coordinates, so thousands of points are projected once and only scaled when the view changes.
 */
const MAX_LATITUDE = 85.0511287798;

export function worldX(lon: number): number {
  return 0.5 + lon / 360;
}

export function worldY(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}
