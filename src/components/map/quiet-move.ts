import type L from 'leaflet';

const quiet = new WeakSet<L.Map>();

/**
 * Moves the map for the page's own reasons (framing its data, keeping the centre when the map is
 * resized), so that layers watching for the person's moves (fit-bounds-layer.tsx) can tell the two
 * apart: a person's zoom or pan is never undone by the page.
 */
export function moveQuietly(map: L.Map, move: () => void): void {
  const nested = quiet.has(map);
  quiet.add(map);
  try {
    move();
  } finally {
    if (!nested) quiet.delete(map);
  }
}

/** Whether the map is being moved by moveQuietly right now. */
export function movingQuietly(map: L.Map): boolean {
  return quiet.has(map);
}
