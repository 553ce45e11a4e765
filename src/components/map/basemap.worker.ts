/// <reference lib="webworker" />
import { loadPieces, type FromBasemapWorker } from './basemap-pieces.ts';

// The offline basemap's shapes, made off the page's main thread (basemap-pieces.ts).
self.onmessage = (event: MessageEvent<string>) => {
  loadPieces(event.data).then(
    (pieces) => {
      const transfer = pieces.flatMap((p) => [p.coords.buffer, p.ends.buffer]);
      self.postMessage({ pieces } satisfies FromBasemapWorker, { transfer });
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      self.postMessage({ error: message } satisfies FromBasemapWorker);
    },
  );
};
