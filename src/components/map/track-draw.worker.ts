/// <reference lib="webworker" />
import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { ViewTransform } from './canvas-overlay.ts';
import { drawTracks, type DrawnTrack } from './draw-tracks.ts';

/** What the track layer sends its drawing worker. */
export type ToTrackDrawer =
  | { type: 'canvas'; canvas: OffscreenCanvas }
  | { type: 'data'; tracks: DrawnTrack[]; span: TimeSpan }
  | {
      type: 'draw';
      id: number;
      view: ViewTransform;
      size: { x: number; y: number };
      ratio: number;
    };

/** Sent back once a frame is on the canvas, so the page moves the canvas to it. */
export interface TrackDrawn {
  id: number;
}

declare const self: DedicatedWorkerGlobalScope;

let canvas: OffscreenCanvas | undefined;
let tracks: DrawnTrack[] = [];
let span: TimeSpan = { from: 0, to: 1 };
let pending: Extract<ToTrackDrawer, { type: 'draw' }> | undefined;

/** Only the latest frame asked for is drawn: views that went by while drawing are skipped. */
function drawLatest(): void {
  const frame = pending;
  pending = undefined;
  if (!frame || !canvas) return;
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = Math.round(frame.size.x * frame.ratio);
  const height = Math.round(frame.size.y * frame.ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.setTransform(frame.ratio, 0, 0, frame.ratio, 0, 0);
  context.clearRect(0, 0, frame.size.x, frame.size.y);
  drawTracks(context, tracks, span, frame.view, frame.size);
  self.postMessage({ id: frame.id } satisfies TrackDrawn);
}

self.onmessage = (event: MessageEvent<ToTrackDrawer>) => {
  const message = event.data;
  if (message.type === 'canvas') canvas = message.canvas;
  else if (message.type === 'data') {
    tracks = message.tracks;
    span = message.span;
  } else {
    pending = message;
    setTimeout(drawLatest, 0);
  }
};
