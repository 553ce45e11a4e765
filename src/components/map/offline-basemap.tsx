import { useEffect } from 'react';
import L from 'leaflet';
import { useComputedColorScheme } from '@mantine/core';
import { useMap } from 'react-leaflet';
import type { Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-50m.json?url';
import { worldBasemap, type WorldBasemap } from '../../lib/geo/world-basemap.ts';

let world: Promise<WorldBasemap> | undefined;

/** Natural Earth 1:50m, shipped with the console and fetched once, only when a map needs it. */
function loadWorld(): Promise<WorldBasemap> {
  world ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok)
        throw new Error(`The offline map could not be loaded (${response.status}).`);
      return response.json() as Promise<Topology>;
    })
    .then(worldBasemap)
    .catch((error: unknown) => {
      world = undefined;
      throw error;
    });
  return world;
}

const PANE = 'offline-basemap';

/** Sea, land and borders in each theme: a light map on a dark page glares, and the reverse. */
const BASEMAP_PALETTES = {
  light: { sea: '#cfe3f3', land: '#f2efe6', coast: '#8a9a8c', border: '#a89f91' },
  dark: { sea: '#1b2633', land: '#2e3033', coast: '#5c6670', border: '#6b6459' },
} as const;

/**
 * A vector basemap of land and borders drawn on canvas, for when no tile URL is configured or the
 * tiles fail: the console works without network. Follows the console's colour scheme. Renders
 * nothing (traccar-web's style).
 */
export function OfflineBasemap(): null {
  const map = useMap();
  const scheme = useComputedColorScheme('light');
  const palette = BASEMAP_PALETTES[scheme];
  useEffect(() => {
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.style.zIndex = '150';
    const container = map.getContainer();
    const background = container.style.background;
    container.style.background = palette.sea;
    const renderer = L.canvas({ pane: PANE, padding: 0.5 });
    const group = L.layerGroup().addTo(map);
    let cancelled = false;
    loadWorld()
      .then(({ land, borders }) => {
        if (cancelled) return;
        const common: L.GeoJSONOptions & L.PathOptions = {
          pane: PANE,
          renderer,
          interactive: false,
        };
        L.geoJSON(land, {
          ...common,
          attribution: 'Made with Natural Earth',
          style: {
            stroke: true,
            color: palette.coast,
            weight: 0.8,
            fillColor: palette.land,
            fillOpacity: 1,
          },
        }).addTo(group);
        L.geoJSON(borders, {
          ...common,
          style: { color: palette.border, weight: 0.7, dashArray: '3 2', fill: false },
        }).addTo(group);
      })
      .catch((error: unknown) => console.warn(error));
    return () => {
      cancelled = true;
      group.remove();
      renderer.remove();
      container.style.background = background;
    };
  }, [map, palette]);
  return null;
}
