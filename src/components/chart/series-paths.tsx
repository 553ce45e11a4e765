import { useMemo } from 'react';
import { usePlotArea, useXAxisScale, useYAxisScale } from 'recharts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { SeriesPoint } from '../../lib/history/temperature-series.ts';

export interface SeriesPath {
  key: string;
  color: string;
  points: readonly SeriesPoint[];
}

/** Paths are written in tenths of a pixel, as integers, and drawn scaled by this. */
const SUBPIXELS = 10;

/** Pixel = a + b · value, for a linear axis. */
interface Linear {
  a: number;
  b: number;
}

/**
 * Both axes are linear (time and °C), so two points fix each scale: projecting every reading with
 * a + b·v is an order of magnitude cheaper than calling the scale per point. Integers print
 * several times faster than `toFixed`, hence tenths of a pixel rather than decimals.
 */
function pathOf(points: readonly SeriesPoint[], x: Linear, y: Linear): string {
  const ax = x.a * SUBPIXELS;
  const bx = x.b * SUBPIXELS;
  const ay = y.a * SUBPIXELS;
  const by = y.b * SUBPIXELS;
  let d = '';
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (p === undefined) continue;
    d += `${d === '' ? 'M' : 'L'}${Math.round(ax + p.ts * bx)},${Math.round(ay + p.value * by)}`;
  }
  return d;
}

/** The linear map through two points of a scale; undefined until Recharts has the scale. */
function linear(
  scale: ((value: number) => number | undefined) | undefined,
  [u, v]: [number, number],
) {
  const pu = scale?.(u);
  const pv = scale?.(v);
  if (pu === undefined || pv === undefined || u === v) return undefined;
  const b = (pv - pu) / (v - u);
  return { a: pu - u * b, b };
}

/**
 * The lines of the chart, drawn inside Recharts with its own axis scales (the public hooks for
 * custom shapes). Recharts' <Line> builds an object and runs selectors per point, about 25 µs
 * each; one path string per line keeps a 2-points-per-pixel chart within a frame. Recharts
 * renders this component several times while it settles its layout; the strings are built once
 * per data and geometry.
 */
export function SeriesPaths({
  lines,
  clipId,
  window,
  domain,
}: {
  lines: readonly SeriesPath[];
  clipId: string;
  window: TimeSpan;
  domain: [number, number];
}) {
  const plot = usePlotArea();
  const x = linear(useXAxisScale(), [window.from, window.to]);
  const y = linear(useYAxisScale(), domain);
  const [ax, bx, ay, by] = [x?.a, x?.b, y?.a, y?.b];
  const paths = useMemo(
    () =>
      ax === undefined || bx === undefined || ay === undefined || by === undefined
        ? undefined
        : lines.map((line) => pathOf(line.points, { a: ax, b: bx }, { a: ay, b: by })),
    [lines, ax, bx, ay, by],
  );
  if (!plot || !paths) return null;
  return (
    <g className="temperature-lines" clipPath={`url(#${clipId})`}>
      <defs>
        <clipPath id={clipId}>
          <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
        </clipPath>
      </defs>
      {lines.map((line, i) => (
        <path
          key={line.key}
          d={paths[i]}
          transform={`scale(${1 / SUBPIXELS})`}
          fill="none"
          stroke={line.color}
          strokeWidth={1.5 * SUBPIXELS}
          strokeLinejoin="round"
        />
      ))}
    </g>
  );
}
