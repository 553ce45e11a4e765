import type L from 'leaflet';
import type { Track, TrackPoint } from '../../lib/history/gps-track.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { worldX, worldY } from '../../lib/geo/mercator.ts';
import { nearestWithin, type ScreenPoint } from '../../lib/geo/nearest-point.ts';
import { timeColor } from '../../lib/geo/time-color.ts';
import { CanvasOverlay, type ViewTransform } from './canvas-overlay.ts';

export interface TrackMark extends TrackPoint {
  nodeName: string;
}

interface Projected {
  track: Track;
  color: string;
  /** World fractions, x and y interleaved. */
  xy: Float64Array;
}

const LEVELS = 48;
const palette = Array.from({ length: LEVELS }, (_, i) => timeColor(i / (LEVELS - 1)));
const RADIUS = 3.5;
/** Cell size in pixels for skipping hidden marks; a disc covers about two cells across. */
const CELL = 3;
/** Line vertices closer than this (pixels, Manhattan) to the previous one are left out. */
const MIN_SEGMENT = 2;
/** Vertices per stroked path: short paths rasterise much faster than one long, self-crossing one. */
const CHUNK = 256;

/**
 * GPS tracks on one canvas: a line per node in the node's colour, then every position as a dot
 * shaded by its time (dark = early, bright = late). GPS fixes are filled discs; positions the cloud
 * calculated are hollow squares. Points are projected once; a redraw only scales them.
 */
export class TrackOverlay extends CanvasOverlay {
  private projected: Projected[] = [];
  private span: TimeSpan = { from: 0, to: 1 };
  private onScreen: (ScreenPoint & { track: Track; point: TrackPoint })[] = [];

  setData(tracks: readonly { track: Track; color: string }[], span: TimeSpan): void {
    this.projected = tracks.map(({ track, color }) => {
      const xy = new Float64Array(track.points.length * 2);
      track.points.forEach((p, i) => {
        xy[2 * i] = worldX(p.lon);
        xy[2 * i + 1] = worldY(p.lat);
      });
      return { track, color, xy };
    });
    this.span = span;
    this.scheduleRedraw();
  }

  /** The position under a point of the map container, for the hover tooltip. */
  markAt(point: L.Point, radius = 8): TrackMark | undefined {
    const hit = this.onScreen[nearestWithin(this.onScreen, point, radius)];
    return hit && { ...hit.point, nodeName: hit.track.nodeName };
  }

  protected draw(context: CanvasRenderingContext2D, view: ViewTransform, size: L.Point): void {
    const fixes: number[][] = palette.map(() => []);
    const calculated: number[][] = palette.map(() => []);
    const onScreen: (ScreenPoint & { track: Track; point: TrackPoint })[] = [];
    const length = Math.max(1, this.span.to - this.span.from);
    const { scale, dx, dy } = view;
    // Marks that would land on a cell a newer mark already covers are not drawn: they could not
    // be seen, and rasterising thousands of hidden discs is most of a frame's cost.
    const covered = new Set<number>();
    context.lineWidth = 2;
    // Round joins cost more to rasterise than all the dots; bevels look the same at 2 px.
    context.lineJoin = 'bevel';
    for (const { track, color, xy } of this.projected) {
      const n = track.points.length;
      context.strokeStyle = color;
      context.beginPath();
      let lastX = Number.NaN;
      let lastY = Number.NaN;
      let vertices = 0;
      for (let i = 0; i < n; i++) {
        const x = (xy[2 * i] ?? 0) * scale + dx;
        const y = (xy[2 * i + 1] ?? 0) * scale + dy;
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
        const x = (xy[2 * i] ?? 0) * scale + dx;
        const y = (xy[2 * i + 1] ?? 0) * scale + dy;
        if (x < -RADIUS || y < -RADIUS || x > size.x + RADIUS || y > size.y + RADIUS) continue;
        const point = track.points[i];
        if (!point) continue;
        onScreen.push({ x, y, track, point });
        const cell = Math.floor(x / CELL) * 65_536 + Math.floor(y / CELL);
        if (covered.has(cell)) continue;
        covered.add(cell);
        const level = Math.round(((point.ts - this.span.from) / length) * (LEVELS - 1));
        const bucket = Math.min(LEVELS - 1, Math.max(0, level));
        (point.calculated ? calculated : fixes)[bucket]?.push(x, y);
      }
    }
    this.onScreen = onScreen;
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
  }
}
