import type L from 'leaflet';
import type { TrackPoint } from '../../lib/history/gps-track.ts';
import type { TrackColumns } from '../../lib/history-store/protocol.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { timeColor } from '../../lib/geo/time-color.ts';
import { CanvasOverlay, type ViewTransform } from './canvas-overlay.ts';

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

const LEVELS = 48;
const palette = Array.from({ length: LEVELS }, (_, i) => timeColor(i / (LEVELS - 1)));
const RADIUS = 3.5;
/** Start and end marks: a white disc ringed green, a red disc ringed white. */
const END_RADIUS = 8;
const ends = {
  start: { fill: '#fff', stroke: '#2b8a3e', width: 3 },
  end: { fill: '#c92a2a', stroke: '#fff', width: 2 },
} as const;
/** Cell size in pixels for skipping hidden marks; a disc covers about two cells across. */
const CELL = 3;
/** Line vertices closer than this (pixels, Manhattan) to the previous one are left out. */
const MIN_SEGMENT = 2;
/** Vertices per stroked path: short paths rasterise much faster than one long, self-crossing one. */
const CHUNK = 256;

/**
 * GPS tracks on one canvas: a line per node in the node's colour, then every position as a dot
 * shaded by its time (dark = early, bright = late), then the start and end of each track. GPS
 * fixes are filled discs; positions the cloud calculated are hollow squares. Points come
 * projected from the history engine; a redraw only scales them. The start and end marks are drawn here too rather than as
 * Leaflet circle markers, which would bring a second full-size canvas (Leaflet's renderer) to
 * allocate and rasterise in the first frame.
 */
export class TrackOverlay extends CanvasOverlay {
  private projected: Projected[] = [];
  private span: TimeSpan = { from: 0, to: 1 };
  /** The view of the last drawing, for finding what is under the pointer. */
  private view: ViewTransform | undefined;

  setData(tracks: readonly { track: TrackColumns; color: string }[], span: TimeSpan): void {
    this.projected = tracks.map(({ track, color }) => ({ track, color }));
    this.span = span;
    this.scheduleRedraw();
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
    const fixes: number[][] = palette.map(() => []);
    const calculated: number[][] = palette.map(() => []);
    const length = Math.max(1, this.span.to - this.span.from);
    const { scale, dx, dy } = view;
    // Marks that would land on a cell a newer mark already covers are not drawn: they could not
    // be seen, and rasterising thousands of hidden discs is most of a frame's cost.
    const pad = Math.ceil(RADIUS / CELL);
    const columns = Math.ceil(size.x / CELL) + 2 * pad + 1;
    const covered = new Uint8Array(columns * (Math.ceil(size.y / CELL) + 2 * pad + 1));
    context.lineWidth = 2;
    // Round joins cost more to rasterise than all the dots; bevels look the same at 2 px.
    context.lineJoin = 'bevel';
    for (const { track, color } of this.projected) {
      const n = track.ts.length;
      const { x: xs, y: ys } = track;
      context.strokeStyle = color;
      context.beginPath();
      let lastX = Number.NaN;
      let lastY = Number.NaN;
      let vertices = 0;
      for (let i = 0; i < n; i++) {
        const x = (xs[i] ?? 0) * scale + dx;
        const y = (ys[i] ?? 0) * scale + dy;
        if (i > 0 && i < n - 1 && Math.abs(x - lastX) + Math.abs(y - lastY) < MIN_SEGMENT) continue;
        if (vertices === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
        vertices += 1;
        if (vertices === CHUNK) {
          context.stroke();
          context.beginPath();
          context.moveTo(x, y);
          vertices = 1;
        }
        lastX = x;
        lastY = y;
      }
      context.stroke();
      for (let i = n - 1; i >= 0; i--) {
        const x = (xs[i] ?? 0) * scale + dx;
        const y = (ys[i] ?? 0) * scale + dy;
        if (x < -RADIUS || y < -RADIUS || x > size.x + RADIUS || y > size.y + RADIUS) continue;
        const cell = Math.floor(x / CELL) + pad + columns * (Math.floor(y / CELL) + pad);
        if (covered[cell] === 1) continue;
        covered[cell] = 1;
        const level = Math.round((((track.ts[i] ?? 0) - this.span.from) / length) * (LEVELS - 1));
        const bucket = Math.min(LEVELS - 1, Math.max(0, level));
        (track.calculated[i] === 1 ? calculated : fixes)[bucket]?.push(x, y);
      }
    }
    palette.forEach((color, level) => {
      const discs = fixes[level] ?? [];
      if (discs.length > 0) {
        context.beginPath();
        for (let i = 0; i < discs.length; i += 2) {
          const x = discs[i] ?? 0;
          const y = discs[i + 1] ?? 0;
          context.moveTo(x + RADIUS, y);
          context.arc(x, y, RADIUS, 0, 2 * Math.PI);
        }
        context.fillStyle = color;
        context.fill();
        context.strokeStyle = 'rgba(0,0,0,0.35)';
        context.lineWidth = 0.5;
        context.stroke();
      }
      const squares = calculated[level] ?? [];
      if (squares.length > 0) {
        context.beginPath();
        for (let i = 0; i < squares.length; i += 2) {
          const x = (squares[i] ?? 0) - RADIUS;
          context.rect(x, (squares[i + 1] ?? 0) - RADIUS, 2 * RADIUS, 2 * RADIUS);
        }
        context.strokeStyle = color;
        context.lineWidth = 1.5;
        context.stroke();
      }
    });
    for (const { track } of this.projected) {
      const n = track.ts.length;
      if (n === 0) continue;
      this.drawEnd(
        context,
        ends.start,
        (track.x[0] ?? 0) * scale + dx,
        (track.y[0] ?? 0) * scale + dy,
      );
      const x = (track.x[n - 1] ?? 0) * scale + dx;
      this.drawEnd(context, ends.end, x, (track.y[n - 1] ?? 0) * scale + dy);
    }
  }

  private drawEnd(
    context: CanvasRenderingContext2D,
    style: { fill: string; stroke: string; width: number },
    x: number,
    y: number,
  ): void {
    context.beginPath();
    // On whole pixels, as Leaflet places its markers: the rings stay crisp.
    context.arc(Math.round(x), Math.round(y), END_RADIUS, 0, 2 * Math.PI);
    context.fillStyle = style.fill;
    context.fill();
    context.strokeStyle = style.stroke;
    context.lineWidth = style.width;
    context.stroke();
  }
}
