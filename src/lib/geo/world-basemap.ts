import { feature, mesh } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';

export interface WorldBasemap {
  land: GeoJSON.Feature | GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
}

function isGeometryObject(value: unknown): value is GeometryObject {
  return typeof value === 'object' && value !== null && 'type' in value;
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
