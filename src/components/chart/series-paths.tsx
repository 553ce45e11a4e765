import type { Linear, PlotBox } from './plot-geometry.ts';

/** A line as columns: time and value, oldest first. */
export interface SeriesPath {
  key: string;
  color: string;
  ts: Float64Array;
  values: Float64Array;
  dashed?: boolean;
}

/** A band: per pixel column (at `ts`), the lowest, middle and highest value; NaN leaves a gap. */
export interface BandPath {
  key: string;
  color: string;
  ts: Float64Array;
  low: Float64Array;
  median: Float64Array;
  high: Float64Array;
}

/** Spans of time shaded across the plot (excursions out of range). */
export interface Shade {
  from: number;
  to: number;
  /** How much of it was out (a band's share of members), 0–1; 1 when left out. */
  strength?: number;
  /**
   * What it is, in words: a shade with a label is one excursion, named for screen readers (and
   * its span kept in `data-from` / `data-to`); the bands' per-column shading has none.
   */
  label?: string;
}

/** Paths are written in tenths of a pixel, as integers, and drawn scaled by this. */
const SUBPIXELS = 10;

/**
 * Both axes are linear (time and °C), so two points fix each scale: projecting every reading with
 * a + b·v is an order of magnitude cheaper than calling the scale per point. Integers print
 * several times faster than `toFixed`, hence tenths of a pixel rather than decimals. NaN breaks
 * the line.
 */
function pathOf(
  ts: Float64Array,
  values: Float64Array,
  x: Linear,
  y: Linear,
  reverse = false,
): string {
  const ax = x.a * SUBPIXELS;
  const bx = x.b * SUBPIXELS;
  const ay = y.a * SUBPIXELS;
  const by = y.b * SUBPIXELS;
  let d = '';
  let pen = 'M';
  const n = ts.length;
  for (let k = 0; k < n; k++) {
    const i = reverse ? n - 1 - k : k;
    const v = values[i] ?? Number.NaN;
    if (Number.isNaN(v)) {
      pen = 'M';
      continue;
    }
    d += `${pen}${Math.round(ax + (ts[i] ?? 0) * bx)},${Math.round(ay + v * by)}`;
    pen = 'L';
  }
  return d;
}

/** The area between low and high, one closed shape per run of columns with data. */
function areaOf(band: BandPath, x: Linear, y: Linear): string {
  let d = '';
  let start = -1;
  const n = band.ts.length;
  for (let i = 0; i <= n; i++) {
    const gap = i === n || Number.isNaN(band.low[i] ?? Number.NaN);
    if (!gap && start < 0) start = i;
    if (gap && start >= 0) {
      const ts = band.ts.subarray(start, i);
      d +=
        pathOf(ts, band.high.subarray(start, i), x, y) +
        pathOf(ts, band.low.subarray(start, i), x, y, true).replace(/^M/, 'L') +
        'Z';
      start = -1;
    }
  }
  return d;
}

/**
 * The lines and bands of the chart: a line's readings are one path string (a component per
 * point, as chart libraries draw them, costs tens of microseconds each). Built on each render of
 * the memoised chart, that is once per data and geometry.
 */
export function SeriesPaths({
  lines,
  bands = [],
  shades = [],
  clipId,
  plot,
  x,
  y,
}: {
  lines: readonly SeriesPath[];
  bands?: readonly BandPath[];
  shades?: readonly Shade[];
  clipId: string;
  plot: PlotBox;
  x: Linear;
  y: Linear;
}) {
  const paths = {
    lines: lines.map((line) => pathOf(line.ts, line.values, x, y)),
    areas: bands.map((band) => areaOf(band, x, y)),
    medians: bands.map((band) => pathOf(band.ts, band.median, x, y)),
  };
  return (
    <g className="temperature-lines" clipPath={`url(#${clipId})`}>
      <defs>
        <clipPath id={clipId}>
          <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} />
        </clipPath>
      </defs>
      {shades.map((shade) => {
        const left = x.a + shade.from * x.b;
        // At least a pixel wide, so a short excursion on a month's chart still shows.
        const width = Math.max(1, (shade.to - shade.from) * x.b);
        return (
          <rect
            key={`${shade.from}-${shade.to}`}
            x={left}
            y={plot.top}
            width={width}
            height={plot.height}
            fill="#e03131"
            fillOpacity={0.06 + 0.24 * (shade.strength ?? 1)}
            {...(shade.label !== undefined
              ? {
                  role: 'img',
                  'aria-label': shade.label,
                  'data-from': shade.from,
                  'data-to': shade.to,
                }
              : {})}
          />
        );
      })}
      {bands.map((band, i) => (
        <g key={band.key} transform={`scale(${1 / SUBPIXELS})`}>
          <path d={paths.areas[i]} fill={band.color} fillOpacity={0.25} stroke="none" />
          <path
            d={paths.medians[i]}
            fill="none"
            stroke={band.color}
            strokeWidth={1.5 * SUBPIXELS}
            strokeLinejoin="round"
          />
        </g>
      ))}
      {lines.map((line, i) => (
        <path
          key={line.key}
          d={paths.lines[i]}
          transform={`scale(${1 / SUBPIXELS})`}
          fill="none"
          stroke={line.color}
          strokeWidth={1.5 * SUBPIXELS}
          strokeDasharray={line.dashed ? `${6 * SUBPIXELS} ${4 * SUBPIXELS}` : undefined}
          strokeLinejoin="round"
        />
      ))}
    </g>
  );
}
