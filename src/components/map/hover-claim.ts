import type L from 'leaflet';

/**
 * Canvas layers find what is under the pointer themselves. Where marks of two layers overlap,
 * the one drawn on top claims the pointer move, and the one below leaves it its tooltip. The layer
 * on top registers its handler first (it is mounted first), so its claim is there to read.
 */
const claimed = new WeakSet<L.LeafletMouseEvent>();

export const claimHover = (event: L.LeafletMouseEvent) => claimed.add(event);
export const hoverClaimed = (event: L.LeafletMouseEvent) => claimed.has(event);
