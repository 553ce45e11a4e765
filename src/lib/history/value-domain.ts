import { scaleLinear } from 'd3-scale';

/**
 * A y-axis domain holding every value from `min` to `max` with round ends (d3's nice), a little
 * room kept so a line at an extreme is not drawn on the plot's edge. The chart takes the extent
 * of the visible readings (M4 keeps every column's extremes, so none is missed) and the limits.
 */
export function valueDomain(min: number, max: number): [number, number] {
  if (!(min <= max)) return [0, 1];
  if (min === max) return [min - 1, max + 1];
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
