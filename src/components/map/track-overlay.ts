import L from 'leaflet';
import type { TrackPoint } from '../../lib/history/gps-track.ts';
import type { TrackColumns } from '../../lib/history-store/protocol.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { CanvasOverlay, type Frame, type ViewTransform } from './canvas-overlay.ts';
import { drawTracks, END_RADIUS } from './draw-tracks.ts';
import type { ToTrackDrawer, TrackDrawn } from './track-draw.worker.ts';

/** What is under the pointer: a position, or the start or end mark of a track. */
export interface TrackMark {
  kind: 'position' | 'start' | 'end';
  point: TrackPoint;
  nodeName: string;
}

interface Projected {
  track: TrackColumns;
  color: string;
}

/** One position of a track, for the tooltip: an object only for the one under the pointer. */
function pointAt(track: TrackColumns, i: number): TrackPoint {
  const point: TrackPoint = {
    ts: track.ts[i] ?? 0,
    lat: track.lat[i] ?? 0,
    lon: track.lon[i] ?? 0,
    calculated: track.calculated[i] === 1,
  };
  const hdop = track.hdop[i] ?? Number.NaN;
  if (!Number.isNaN(hdop)) point.hdop = hdop;
  return point;
}

/**
 * GPS tracks on one canvas (draw-tracks.ts). The drawing runs in a worker of its own on an
 * OffscreenCanvas, so a month of positions rasterises off the page's thread; the page only moves
 * the canvas once the worker has drawn the view it asked for, so the picture never slides away
 * from the map. Where there are no offscreen canvases it draws on the page.
 */
export class TrackOverlay extends CanvasOverlay {
  private projected: Projected[] = [];
  private span: TimeSpan = { from: 0, to: 1 };
  /** The view of the last drawing, for finding what is under the pointer. */
  private view: ViewTransform | undefined;
  private drawer: Worker | undefined;
  private offscreen = false;
  private frames = 0;
  private asked = new Map<number, Frame>();

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    const canvas = this.canvas;
    if (canvas && 'transferControlToOffscreen' in canvas && typeof Worker !== 'undefined') {
      this.drawer = new Worker(new URL('./track-draw.worker.ts', import.meta.url), {
        type: 'module',
        name: 'track drawing',
      });
      const offscreen = canvas.transferControlToOffscreen();
      this.drawer.postMessage({ type: 'canvas', canvas: offscreen } satisfies ToTrackDrawer, [
        offscreen,
      ]);
      this.drawer.onmessage = (event: MessageEvent<TrackDrawn>) => this.drawn(event.data.id);
      this.offscreen = true;
      this.sendData();
    }
    return this;
  }

  override onRemove(map: L.Map): this {
    this.drawer?.terminate();
    this.drawer = undefined;
    this.offscreen = false;
    this.asked.clear();
    return super.onRemove(map);
  }

  setData(tracks: readonly { track: TrackColumns; color: string }[], span: TimeSpan): void {
    this.projected = tracks.map(({ track, color }) => ({ track, color }));
    this.span = span;
    this.sendData();
    this.scheduleRedraw();
  }

  /**
   * The drawing worker gets copies of the columns it draws (a few MB once per data), made by
   * `slice` and given away (transferred): cloning them in postMessage cost the page's thread
   * several times as much (sendData was the console's own largest function on the page's thread in
   * a trace of a month of a group, issue 20). The page keeps its own columns for the pointer.
   */
  private sendData(): void {
    if (!this.drawer) return;
    const given: ArrayBuffer[] = [];
    const give = <A extends Float64Array | Uint8Array>(column: A): A => {
      const copy = column.slice() as A;
      given.push(copy.buffer as ArrayBuffer);
      return copy;
    };
    const tracks = this.projected.map(({ track, color }) => ({
      track: {
        ts: give(track.ts),
        x: give(track.x),
        y: give(track.y),
        calculated: give(track.calculated),
      },
      color,
    }));
    this.drawer.postMessage(
      { type: 'data', tracks, span: this.span } satisfies ToTrackDrawer,
      given,
    );
  }

  protected override paint(canvas: HTMLCanvasElement, frame: Frame): void {
    if (!this.offscreen || !this.drawer) {
      super.paint(canvas, frame);
      return;
    }
    const id = ++this.frames;
    this.asked.set(id, frame);
    // After a zoom the picture on the canvas is at the old scale: hidden until the new one is drawn.
    if (this.view && this.view.scale !== frame.view.scale) canvas.style.visibility = 'hidden';
    const { view, size, ratio } = frame;
    this.drawer.postMessage({
      type: 'draw',
      id,
      view,
      size: { x: size.x, y: size.y },
      ratio,
    } satisfies ToTrackDrawer);
  }

  /** A frame is on the canvas: put the canvas where that frame belongs. */
  private drawn(id: number): void {
    const frame = this.asked.get(id);
    for (const older of this.asked.keys()) if (older <= id) this.asked.delete(older);
    const canvas = this.canvas;
    if (!frame || !canvas) return;
    L.DomUtil.setPosition(canvas, frame.position);
    canvas.style.width = `${frame.size.x}px`;
    canvas.style.height = `${frame.size.y}px`;
    this.view = frame.view;
    canvas.style.visibility = '';
    canvas.dataset.drawn = 'true';
  }
  /**
   * The mark under a point of the map container, for the hover tooltip: a start or end mark
   * first (they are drawn on top), else the nearest position within `radius` pixels.
   */
  markAt(at: L.Point, radius = 8): TrackMark | undefined {
    const view = this.view;
    if (!view) return undefined;
    const { scale, dx, dy } = view;
    const distance = (track: TrackColumns, i: number) =>
      Math.hypot((track.x[i] ?? 0) * scale + dx - at.x, (track.y[i] ?? 0) * scale + dy - at.y);
    for (const { track } of this.projected) {
      const n = track.ts.length;
      const end = n > 0 && distance(track, n - 1) <= END_RADIUS ? n - 1 : -1;
      const start = n > 0 && distance(track, 0) <= END_RADIUS ? 0 : -1;
      const hit = end >= 0 ? 'end' : start >= 0 ? 'start' : undefined;
      if (hit)
        return { kind: hit, point: pointAt(track, Math.max(end, start)), nodeName: track.nodeName };
    }
    let best: { track: TrackColumns; i: number } | undefined;
    let bestDistance = radius;
    for (const { track } of this.projected) {
      for (let i = 0; i < track.ts.length; i++) {
        const d = distance(track, i);
        if (d > bestDistance) continue;
        best = { track, i };
        bestDistance = d;
      }
    }
    return (
      best && {
        kind: 'position',
        point: pointAt(best.track, best.i),
        nodeName: best.track.nodeName,
      }
    );
  }

  protected draw(context: CanvasRenderingContext2D, view: ViewTransform, size: L.Point): void {
    this.view = view;
    drawTracks(context, this.projected, this.span, view, size);
  }
}
