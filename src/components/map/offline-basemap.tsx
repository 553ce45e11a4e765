import { useEffect, useState } from 'react';
import L from 'leaflet';
import { useComputedColorScheme } from '@mantine/core';
import { useMap } from 'react-leaflet';
import coarseUrl from 'world-atlas/countries-110m.json?url';
import fineUrl from 'world-atlas/countries-50m.json?url';
import {
  basemapDetail,
  nearestFirst,
  piecesInView,
  ringsOf,
  type BasemapDetail,
  type BasemapPiece,
} from '../../lib/geo/world-basemap.ts';
import { inSlices } from '../../lib/in-slices.ts';
import { t } from '../../i18n/i18n.ts';
import { loadPiecesAside } from './basemap-pieces.ts';

const URLS: Record<BasemapDetail, string> = { '110m': coarseUrl, '50m': fineUrl };
const worlds = new Map<BasemapDetail, Promise<BasemapPiece[]>>();

/**
 * Natural Earth at 1:110m (39 KB gzipped) or 1:50m (236 KB), shipped with the console and each
 * fetched and made into shapes once, in a worker, only when a map shown at its zoom needs it.
 */
function loadWorld(detail: BasemapDetail): Promise<BasemapPiece[]> {
  const known = worlds.get(detail);
  if (known) return known;
  const loading = loadPiecesAside(URLS[detail]).catch((error: unknown) => {
    worlds.delete(detail);
    throw error;
  });
  worlds.set(detail, loading);
  return loading;
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
  const [detail, setDetail] = useState(() => basemapDetail(map.getZoom()));
  useEffect(() => {
    const follow = () => setDetail(basemapDetail(map.getZoom()));
    map.on('zoomend', follow);
    return () => {
      map.off('zoomend', follow);
    };
  }, [map]);
  useEffect(() => {
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.style.zIndex = '150';
    const container = map.getContainer();
    const background = container.style.background;
    container.style.background = palette.sea;
    // Leaflet's own margin: a canvas twice the map's size (0.5) cost a long task to make.
    const renderer = L.canvas({ pane: PANE, padding: 0.1 });
    const group = L.layerGroup().addTo(map);
    let cancelled = false;
    let stop: () => void = () => undefined;
    const land: L.PolylineOptions = {
      pane: PANE,
      renderer,
      interactive: false,
      stroke: true,
      color: palette.coast,
      weight: 0.8,
      fillColor: palette.land,
      fillOpacity: 1,
    };
    const border: L.PolylineOptions = {
      pane: PANE,
      renderer,
      interactive: false,
      color: palette.border,
      weight: 0.7,
      dashArray: '3 2',
      fill: false,
    };
    const draw = (piece: BasemapPiece) => {
      const rings = ringsOf(piece, (lon, lat) => L.latLng(lat, lon));
      if (piece.kind === 'land') L.polygon(rings, land).addTo(group);
      else L.polyline(rings[0] ?? [], border).addTo(group);
    };
    let pieces: readonly BasemapPiece[] = [];
    const drawn = new Set<BasemapPiece>();
    // The shapes over the view and a margin around it, a few per task (the whole world at once
    // was a task of 150 ms and more while a month of history loaded beside it); more as the
    // person moves the map. A move stops what the last one left and asks again.
    const drawInView = () => {
      stop();
      const b = map.getBounds().pad(0.5);
      const view = {
        south: b.getSouth(),
        west: b.getWest(),
        north: b.getNorth(),
        east: b.getEast(),
      };
      // Each piece once: the list leaves out what is drawn, and the last move's run is stopped.
      stop = inSlices(piecesInView(pieces, view, drawn), (piece) => {
        drawn.add(piece);
        draw(piece);
      });
    };
    // Read once: removing needs the very text that was added.
    const credit = t('map.attribution.naturalEarth');
    loadWorld(detail)
      .then((world) => {
        if (cancelled) return;
        const center = map.getCenter();
        // Credited once (each layer's attribution rewrites the control).
        map.attributionControl?.addAttribution(credit);
        pieces = nearestFirst(world, { lat: center.lat, lon: center.lng });
        drawInView();
        // A map shown after it was made grows without moving: its new edges need shapes too.
        map.on('moveend resize', drawInView);
      })
      .catch((error: unknown) => console.warn(error));
    return () => {
      cancelled = true;
      map.off('moveend resize', drawInView);
      stop();
      map.attributionControl?.removeAttribution(credit);
      group.remove();
      renderer.remove();
      container.style.background = background;
    };
  }, [map, palette, detail]);
  return null;
}
