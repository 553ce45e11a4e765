import { feature, mesh } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';

export interface WorldBasemap {
  land: GeoJSON.Feature | GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
}

function isGeometryObject(value: unknown): value is GeometryObject {
  return typeof value === 'object' && value !== null && 'type' in value;
}

/** The Natural Earth scales the console ships: 1:110m and 1:50m. */
export type BasemapDetail = '110m' | '50m';

/**
 * Below this zoom a continent or more is in view, where 1:110m is as much detail as the screen
 * shows (a 1:50m coastline's extra points fall within a pixel) at a sixth of the bytes.
 */
const FINE_FROM_ZOOM = 5;

/** The scale a map at `zoom` needs. */
export function basemapDetail(zoom: number): BasemapDetail {
  return zoom < FINE_FROM_ZOOM ? '110m' : '50m';
}

/**
 * Land and country borders from a Natural Earth topology of world-atlas (`countries-*.json`).
 * Borders are the arcs two countries share, so coastlines are drawn once, by the land.
 */
export function worldBasemap(topology: Topology): WorldBasemap {
  const { land, countries } = topology.objects;
  if (!isGeometryObject(land) || !isGeometryObject(countries)) {
    throw new Error('A world-atlas countries topology has "land" and "countries" objects.');
  }
  return {
    land: feature(topology, land),
    borders: mesh(topology, countries, (a, b) => a !== b),
  };
}

/**
 * One shape of the basemap: a land polygon (its rings) or one border line, and its box. Its
 * positions are columns, so that a worker can hand them over without copying (0159).
 */
export interface BasemapPiece {
  kind: 'land' | 'border';
  /** Longitude, latitude, longitude, … of every ring, one ring after another. */
  coords: Float64Array;
  /** Where each ring ends in `coords`. */
  ends: Uint32Array;
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * A piece's box over its positions. A loop of its own, not inside the loop over rings: V8
 * optimises a long loop while it runs (on-stack replacement) and threw that code away each time
 * an inner loop ended, hundreds of times for the world's shapes (issue 20,
 * docs/decisions/0155-jit-friendly-hot-loops.md).
 */
function boxOf(coords: Float64Array) {
  const box = { south: 90, west: 180, north: -90, east: -180 };
  for (let i = 0; i < coords.length; i += 2) {
    const lon = coords[i] ?? 0;
    const lat = coords[i + 1] ?? 0;
    if (lat < box.south) box.south = lat;
    if (lat > box.north) box.north = lat;
    if (lon < box.west) box.west = lon;
    if (lon > box.east) box.east = lon;
  }
  return box;
}

function piece(kind: BasemapPiece['kind'], rings: GeoJSON.Position[][]): BasemapPiece {
  const coords = new Float64Array(2 * rings.reduce((n, ring) => n + ring.length, 0));
  const ends = new Uint32Array(rings.length);
  let at = 0;
  rings.forEach((ring, r) => {
    for (const [lon = 0, lat = 0] of ring) {
      coords[at++] = lon;
      coords[at++] = lat;
    }
    ends[r] = at;
  });
  return { kind, coords, ends, ...boxOf(coords) };
}

/** The rings of a piece, each position made by `at` (a Leaflet LatLng, or [lon, lat]). */
export function ringsOf<T>(piece: BasemapPiece, at: (lon: number, lat: number) => T): T[][] {
  let start = 0;
  return Array.from(piece.ends, (end) => {
    const ring: T[] = [];
    for (let i = start; i < end; i += 2)
      ring.push(at(piece.coords[i] ?? 0, piece.coords[i + 1] ?? 0));
    start = end;
    return ring;
  });
}

function polygonsOf(geometry: GeoJSON.Geometry | null): GeoJSON.Position[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.flatMap(polygonsOf);
  return [];
}

/** The basemap as separate shapes: every land polygon, then every border line. */
export function basemapPieces(world: WorldBasemap): BasemapPiece[] {
  const features = world.land.type === 'FeatureCollection' ? world.land.features : [world.land];
  const land = features.flatMap((f) => polygonsOf(f.geometry)).map((rings) => piece('land', rings));
  const borders = world.borders.coordinates.map((line) => piece('border', [line]));
  return [...land, ...borders];
}

/**
 * The shapes land first, then borders (drawn over it), each nearest to `center` first. Added to a
 * map a few at a time, the shapes under the view appear at once and no task of the page's main
 * thread projects the whole world (docs/decisions/0024-fleet-reports-and-the-history-engine.md,
 * "Fleet reports and the history engine": the offline basemap).
 */
export function nearestFirst(
  pieces: readonly BasemapPiece[],
  center: { lat: number; lon: number },
): BasemapPiece[] {
  const scale = Math.cos((center.lat * Math.PI) / 180);
  // Degrees from the centre to the nearest point of the box (0 inside it), east-west shortened.
  const away = (p: BasemapPiece) => {
    const dLat = Math.max(p.south - center.lat, 0, center.lat - p.north);
    const dLon = Math.max(p.west - center.lon, 0, center.lon - p.east) * scale;
    return Math.hypot(dLat, dLon);
  };
  const rank = (p: BasemapPiece) => (p.kind === 'land' ? 0 : 1);
  return pieces
    .map((p) => ({ p, d: away(p) }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.d - b.d)
    .map(({ p }) => p);
}

/** A box of the map in degrees, as Leaflet's bounds give it. */
export interface ViewBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The pieces whose box meets the view and that are not drawn yet, in their order. A map of a
 * city needs a handful of the world's thousands of shapes: adding every one, a few per task,
 * redrew the basemap's canvas in a frame of its own each time while a month of history loaded
 * (issue 20); the rest are added when the person moves the map to them.
 */
export function piecesInView(
  pieces: readonly BasemapPiece[],
  view: ViewBox,
  drawn: ReadonlySet<BasemapPiece>,
): BasemapPiece[] {
  return pieces.filter(
    (p) =>
      !drawn.has(p) &&
      p.south <= view.north &&
      p.north >= view.south &&
      p.west <= view.east &&
      p.east >= view.west,
  );
}
