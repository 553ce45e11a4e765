import L from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap } from 'react-leaflet';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { currentLanguage } from '../../i18n/i18n.ts';
import { newPlaceId, type DraftPlace, type PlaceShape } from './places-draft.ts';

/**
 * Leaflet-Geoman reads the global `L` when it loads (it is a plain script), so Leaflet is put
 * there first and Geoman imported after: only this module, loaded with the places editor, pulls
 * it in (docs/decisions/0173-places-drawn-on-the-map.md). Maps made before it loaded have no
 * `pm`: the editor waits for it before making its map.
 */
let geoman: Promise<unknown> | undefined;
export function loadGeoman(): Promise<unknown> {
  const global = globalThis as { L?: typeof L };
  global.L ??= L;
  geoman ??= import('@geoman-io/leaflet-geoman-free');
  return geoman;
}

export type DrawShape = 'Circle' | 'Polygon';

function shapeOf(layer: L.Layer): PlaceShape | undefined {
  if (layer instanceof L.Circle) {
    const { lat, lng } = layer.getLatLng();
    return { kind: 'circle', lat, lon: lng, radius: layer.getRadius() };
  }
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    const ring = rings[0] ?? [];
    return { kind: 'polygon', corners: ring.map(({ lat, lng }) => [lat, lng]) };
  }
  return undefined;
}

function layerOf(shape: PlaceShape): L.Path {
  // SVG, not the map's canvas: Geoman drags and reshapes paths drawn as elements.
  const style = { renderer: L.svg(), color: '#1c7ed6', weight: 2 };
  return shape.kind === 'circle'
    ? L.circle([shape.lat, shape.lon], { ...style, radius: shape.radius })
    : L.polygon(shape.corners, style);
}

/** Lets a person move and reshape the layer; `changed` hears each change. */
function follow(layer: L.Path, changed: () => void) {
  layer.on('pm:edit pm:dragend', changed);
  layer.pm.enable({ draggable: true, allowSelfIntersection: false, snappable: false });
}

/**
 * The places as Geoman layers, each movable and reshapable; new ones drawn with `drawing`. The
 * layers are the shapes while they are edited: a change is reported (`onShape`), and a layer is
 * made only for a place it does not know yet (one drawn here keeps the layer Geoman made).
 */
export function GeomanLayer({
  places,
  drawing,
  onDrawn,
  onShape,
  onReady,
}: {
  places: readonly DraftPlace[];
  drawing: DrawShape | undefined;
  onDrawn: (place: DraftPlace) => void;
  onShape: (id: string, shape: PlaceShape) => void;
  onReady: () => void;
}) {
  const map = useMap();
  const layers = useRef(new Map<string, L.Path>());
  const shaped = useEffectEvent((id: string, layer: L.Layer) => {
    const shape = shapeOf(layer);
    if (shape) onShape(id, shape);
  });
  const drawn = useEffectEvent((place: DraftPlace) => onDrawn(place));
  const announce = useEffectEvent(() => onReady());

  // Geoman gives maps their `pm` when they are made: the editor makes this map once it loaded.
  useEffect(() => {
    map.pm.setGlobalOptions({ snappable: false });
    // Geoman's own hints ("Click to place first vertex") in the page's language.
    map.pm.setLang(currentLanguage());
    announce();
  }, [map]);

  useEffect(() => {
    const onCreate = ({ layer }: { layer: L.Layer }) => {
      const shape = shapeOf(layer);
      if (!shape || !(layer instanceof L.Path)) return;
      const id = newPlaceId();
      layers.current.set(id, layer);
      follow(layer, () => shaped(id, layer));
      drawn({ id, name: '', shape, extra: {} });
    };
    map.on('pm:create', onCreate);
    return () => {
      map.off('pm:create', onCreate);
    };
  }, [map]);

  useEffect(() => {
    const known = layers.current;
    for (const place of places) {
      if (known.has(place.id)) continue;
      const layer = layerOf(place.shape);
      layer.addTo(map);
      known.set(place.id, layer);
      follow(layer, () => shaped(place.id, layer));
    }
    const ids = new Set(places.map((place) => place.id));
    for (const [id, layer] of known) {
      if (ids.has(id)) continue;
      layer.remove();
      known.delete(id);
    }
  }, [map, places]);

  useEffect(() => {
    if (drawing) map.pm.enableDraw(drawing, { snappable: false, allowSelfIntersection: false });
    else map.pm.disableDraw();
  }, [map, drawing]);

  useEffect(() => {
    const known = layers.current;
    return () => {
      for (const layer of known.values()) layer.remove();
      known.clear();
    };
  }, []);

  return null;
}
