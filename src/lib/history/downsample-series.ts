import { createLTTB } from 'downsample';
import type { TimeSpan } from './split-range.ts';
import type { SeriesPoint } from './temperature-series.ts';
import { lastAtOrBefore } from './search.ts';

const lttb = createLTTB<SeriesPoint>({ x: 'ts', y: 'value' });

/** Below this, LTTB's buckets get so wide that the line stops resembling the data. */
const MIN_TARGET = 16;

/**
 * The points inside a window plus one neighbour on each side, so the line runs to the edges of
 * the plot instead of stopping at the first and last visible reading.
 */
export function visiblePoints(points: readonly SeriesPoint[], window: TimeSpan): SeriesPoint[] {
  const byTime = (p: SeriesPoint) => p.ts;
  const first = Math.max(0, lastAtOrBefore(points, window.from - 1, byTime));
  const last = Math.min(points.length - 1, lastAtOrBefore(points, window.to, byTime) + 1);
  return points.slice(first, last + 1);
}

/**
 * What a line needs for a plot `pixelWidth` wide: the window's points, reduced with LTTB to about
 * `perPixel` points per pixel. A window narrow enough to hold fewer points than that shows every
 * reading, so zooming in reaches full detail.
 */
export function pointsForWidth(
  points: readonly SeriesPoint[],
  window: TimeSpan,
  pixelWidth: number,
  perPixel = 2,
): SeriesPoint[] {
  return reducePoints(visiblePoints(points, window), pixelWidth, perPixel);
}

/** `pointsForWidth` for points already cut to the window. */
export function reducePoints(
  visible: SeriesPoint[],
  pixelWidth: number,
  perPixel = 2,
): SeriesPoint[] {
  const target = Math.max(MIN_TARGET, Math.round(pixelWidth * perPixel));
  if (visible.length <= target) return visible;
  const reduced = lttb(visible, target) as SeriesPoint[];
  // downsample 1.4 computes bucket bounds in floating point and can lose the last reading to a
  // rounding error; LTTB by definition ends on it, and so must the line.
  const last = visible[visible.length - 1];
  if (last !== undefined && reduced[reduced.length - 1] !== last)
    reduced[reduced.length - 1] = last;
  return reduced;
}
