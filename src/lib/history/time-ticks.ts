import { scaleTime } from 'd3-scale';

/**
 * Round instants for axis ticks (whole hours, midnights…) in the person's time zone. Apart from
 * format-time.ts, which the sign-in page and every page's shell import: d3's scales (about 14 KB
 * gzip) load with the charts that draw ticks, not with the first page.
 */
export function timeTicks(from: number, to: number, count: number): number[] {
  return scaleTime()
    .domain([new Date(from), new Date(to)])
    .ticks(Math.max(2, count))
    .map((date) => date.getTime());
}
