import { usePlotArea, useXAxisScale, useYAxisScale, type ScaleFunction } from 'recharts';
import type { SeriesPoint } from '../../lib/history/temperature-series.ts';

export interface SeriesPath {
  key: string;
  color: string;
  points: readonly SeriesPoint[];
}

/**
 * Both axes are linear (time and °C), so two points fix each scale: projecting every reading with
 * a + b·v is an order of magnitude cheaper than calling the scale per point.
 */
function pathOf(points: readonly SeriesPoint[], x: ScaleFunction, y: ScaleFunction): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first) return '';
  const t0 = first.ts;
  const t1 = last && last.ts !== t0 ? last.ts : t0 + 1;
  const x0 = x(t0) ?? 0;
  const kx = ((x(t1) ?? 0) - x0) / (t1 - t0);
  const y0 = y(0) ?? 0;
  const ky = (y(1) ?? 0) - y0;
  const parts: string[] = [];
  for (const p of points) {
    parts.push(`${(x0 + (p.ts - t0) * kx).toFixed(1)},${(y0 + p.value * ky).toFixed(1)}`);
  }
  return `M${parts.join('L')}`;
}

/**
 * The lines of the chart, drawn inside Recharts with its own axis scales (the public hooks for
 * custom shapes). Recharts' <Line> builds an object and runs selectors per point, about 25 µs
 * each; one path string per line keeps a 2-points-per-pixel chart within a frame.
 */
export function SeriesPaths({ lines, clipId }: { lines: readonly SeriesPath[]; clipId: string }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const plot = usePlotArea();
  if (!x || !y || !plot) return null;
  return (
    <g className="temperature-lines">
      <defs>
        <clipPath id={clipId}>
          <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
        </clipPath>
      </defs>
      {lines.map((line) => {
        const d = pathOf(line.points, x, y);
        return (
          <path
            key={line.key}
            d={d}
            fill="none"
            stroke={line.color}
            strokeWidth={1.5}
            strokeLinejoin="round"
            clipPath={`url(#${clipId})`}
          />
        );
      })}
    </g>
  );
}
