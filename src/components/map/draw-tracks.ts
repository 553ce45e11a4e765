import { timeColor } from '../../lib/geo/time-color.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { ViewTransform } from './canvas-overlay.ts';

/** What a drawing needs of a track: its times, projected positions and fix kind, and its colour. */
export interface DrawnTrack {
  track: {
    ts: Float64Array;
    x: Float64Array;
    y: Float64Array;
    calculated: Uint8Array;
  };
  color: string;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

const LEVELS = 48;
const palette = Array.from({ length: LEVELS }, (_, i) => timeColor(i / (LEVELS - 1)));
const RADIUS = 3.5;
/** Start and end marks: a white disc ringed green, a red disc ringed white. */
export const END_RADIUS = 8;
const ends = {
  start: { fill: '#fff', stroke: '#2b8a3e', width: 3 },
  end: { fill: '#c92a2a', stroke: '#fff', width: 2 },
} as const;
/** Cell size in pixels for skipping hidden marks; a disc covers about two cells across. */
const CELL = 3;
/** Line vertices closer than this (pixels, Manhattan) to the previous one are left out. */
const MIN_SEGMENT = 2;
/** Cells (pixels) of the grid that finds segments already drawn. */
const SEGMENT_CELL = 2;
/** Vertices per stroked path: short paths rasterise much faster than one long, self-crossing one. */
const CHUNK = 256;

function drawEnd(
  context: Context2D,
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

/** Which segments are already stroked: cells of SEGMENT_CELL pixels, with a margin off screen. */
class SegmentGrid {
  private readonly margin = 8;
  private readonly columns: number;
  private readonly cells: number;
  private readonly size: { x: number; y: number };
  private readonly joined = new Set<number>();

  constructor(size: { x: number; y: number }) {
    this.size = size;
    this.columns = Math.ceil((size.x + 2 * this.margin) / SEGMENT_CELL) + 1;
    this.cells = this.columns * (Math.ceil((size.y + 2 * this.margin) / SEGMENT_CELL) + 1);
  }

  /** The cell of a point, -1 off the grid. */
  cellOf(x: number, y: number): number {
    const { margin, size } = this;
    return x < -margin || y < -margin || x > size.x + margin || y > size.y + margin
      ? -1
      : Math.floor((x + margin) / SEGMENT_CELL) +
          this.columns * Math.floor((y + margin) / SEGMENT_CELL);
  }

  /** Whether the segment between two cells is new (and now taken). */
  take(a: number, b: number): boolean {
    const key = a < b ? a * this.cells + b : b * this.cells + a;
    if (this.joined.has(key)) return false;
    this.joined.add(key);
    return true;
  }
}

/**
 * One track's line. Its loop and markTrack's are functions of their own, not inside drawTracks'
 * loop over tracks: V8 threw away the code it optimised for an inner loop each time that loop
 * ended (docs/decisions/0155-jit-friendly-hot-loops.md).
 */
function strokeTrack(
  context: Context2D,
  { track, color }: DrawnTrack,
  { scale, dx, dy }: ViewTransform,
  grid: SegmentGrid,
): void {
  const n = track.ts.length;
  const { x: xs, y: ys } = track;
  context.strokeStyle = color;
  context.beginPath();
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  let lastCell = -1;
  let vertices = 0;
  for (let i = 0; i < n; i++) {
    const x = (xs[i] ?? 0) * scale + dx;
    const y = (ys[i] ?? 0) * scale + dy;
    if (i > 0 && i < n - 1 && Math.abs(x - lastX) + Math.abs(y - lastY) < MIN_SEGMENT) continue;
    const cell = grid.cellOf(x, y);
    let draw = vertices > 0 && (cell >= 0 || lastCell >= 0);
    if (draw && cell >= 0 && lastCell >= 0) draw = grid.take(cell, lastCell);
    if (draw) context.lineTo(x, y);
    else context.moveTo(x, y);
    vertices += 1;
    if (vertices === CHUNK) {
      context.stroke();
      context.beginPath();
      context.moveTo(x, y);
      vertices = 1;
    }
    lastX = x;
    lastY = y;
    lastCell = cell;
  }
  context.stroke();
}

/** Where marks go: shade buckets of fixes and of calculated positions, and the cells covered. */
interface Marks {
  fixes: number[][];
  calculated: number[][];
  covered: Uint8Array;
  columns: number;
  pad: number;
}

/** One track's visible marks, newest first, into their shade's bucket. */
function markTrack(
  { track }: DrawnTrack,
  span: TimeSpan,
  { scale, dx, dy }: ViewTransform,
  size: { x: number; y: number },
  marks: Marks,
): void {
  const { covered, columns, pad } = marks;
  const length = Math.max(1, span.to - span.from);
  const { x: xs, y: ys } = track;
  for (let i = track.ts.length - 1; i >= 0; i--) {
    const x = (xs[i] ?? 0) * scale + dx;
    const y = (ys[i] ?? 0) * scale + dy;
    if (x < -RADIUS || y < -RADIUS || x > size.x + RADIUS || y > size.y + RADIUS) continue;
    const cell = Math.floor(x / CELL) + pad + columns * (Math.floor(y / CELL) + pad);
    if (covered[cell] === 1) continue;
    covered[cell] = 1;
    const level = Math.round((((track.ts[i] ?? 0) - span.from) / length) * (LEVELS - 1));
    const bucket = Math.min(LEVELS - 1, Math.max(0, level));
    (track.calculated[i] === 1 ? marks.calculated : marks.fixes)[bucket]?.push(x, y);
  }
}

/**
 * GPS tracks on a canvas: a line per node in the node's colour, then every position as a dot
 * shaded by its time (dark = early, bright = late), then the start and end of each track. GPS
 * fixes are filled discs; positions the cloud calculated are hollow squares. Runs in the track
 * drawing worker (track-draw.worker.ts) on an OffscreenCanvas, or on the page where there is none.
 */
export function drawTracks(
  context: Context2D,
  tracks: readonly DrawnTrack[],
  span: TimeSpan,
  view: ViewTransform,
  size: { x: number; y: number },
): void {
  const { scale, dx, dy } = view;
  // Marks that would land on a cell a newer mark already covers are not drawn: they could not
  // be seen, and rasterising thousands of hidden discs is most of a frame's cost.
  const pad = Math.ceil(RADIUS / CELL);
  const columns = Math.ceil(size.x / CELL) + 2 * pad + 1;
  const marks: Marks = {
    fixes: palette.map(() => []),
    calculated: palette.map(() => []),
    covered: new Uint8Array(columns * (Math.ceil(size.y / CELL) + 2 * pad + 1)),
    columns,
    pad,
  };
  const { fixes, calculated } = marks;
  context.lineWidth = 2;
  // Round joins cost more to rasterise than all the dots; bevels look the same at 2 px.
  context.lineJoin = 'bevel';
  // A road driven every day of a month is one line on screen, not thirty: a segment between two
  // cells another track (or this one) already joined is not stroked again. Rasterising the
  // same pixels hundreds of times was most of a month's frame.
  const grid = new SegmentGrid(size);
  for (const drawn of tracks) {
    strokeTrack(context, drawn, view, grid);
    markTrack(drawn, span, view, size, marks);
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
  for (const { track } of tracks) {
    const n = track.ts.length;
    if (n === 0) continue;
    drawEnd(context, ends.start, (track.x[0] ?? 0) * scale + dx, (track.y[0] ?? 0) * scale + dy);
    const x = (track.x[n - 1] ?? 0) * scale + dx;
    drawEnd(context, ends.end, x, (track.y[n - 1] ?? 0) * scale + dy);
  }
}
