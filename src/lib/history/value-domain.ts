import { scaleLinear } from 'd3-scale';
import type { SeriesPoint } from './temperature-series.ts';

/**
 * A y-axis domain holding every given value with round ends (d3's nice): the chart computes it
 * from the visible readings itself, so extremes LTTB happened to drop still fit.
 */
export function valueDomain(lines: readonly (readonly SeriesPoint[])[]): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const points of lines) {
    for (const p of points) {
      if (p.value < min) min = p.value;
      if (p.value > max) max = p.value;
    }
  }
  if (min > max) return [0, 1];
  if (min === max) return [min - 1, max + 1];
  // A little room, so a line at the extreme is not drawn on the plot's edge.
  const pad = (max - min) * 0.02;
  const [a, b] = scaleLinear()
    .domain([min - pad, max + pad])
    .nice(6)
    .domain();
  return [a ?? min, b ?? max];
}

/** Round values for the y-axis ticks within a domain. */
export function valueTicks(domain: [number, number], count = 5): number[] {
  return scaleLinear().domain(domain).ticks(count);
}
