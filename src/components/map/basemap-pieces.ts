import type { Topology } from 'topojson-specification';
import { basemapPieces, worldBasemap, type BasemapPiece } from '../../lib/geo/world-basemap.ts';

/** What the basemap's worker answers: the world's shapes, or why there are none. */
export type FromBasemapWorker = { pieces: BasemapPiece[] } | { error: string };

/** A Natural Earth topology of world-atlas at `url`, as the basemap's shapes. */
export async function loadPieces(url: string): Promise<BasemapPiece[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The offline map could not be loaded (${response.status}).`);
  return basemapPieces(worldBasemap((await response.json()) as Topology));
}

/**
 * The same in a worker of its own: parsing and decoding 1:50m was a task of about 150 ms on the
 * page's main thread while a month of history loaded (decision 0159). The shapes come back as
 * typed arrays, handed over without a copy. Without workers (tests), on the page.
 */
export function loadPiecesAside(url: string): Promise<BasemapPiece[]> {
  if (typeof Worker === 'undefined') return loadPieces(url);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./basemap.worker.ts', import.meta.url), {
      type: 'module',
      name: 'offline basemap',
    });
    worker.onmessage = (event: MessageEvent<FromBasemapWorker>) => {
      worker.terminate();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.pieces);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The offline map could not be loaded.'));
    };
    worker.postMessage(new URL(url, location.href).href);
  });
}
