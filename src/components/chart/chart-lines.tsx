import { memo, useId } from 'react';
import { formatMeasure } from '../../lib/format-number.ts';
import { valueTicks } from '../../lib/history/value-domain.ts';
import { linearMap, plotBox } from './plot-geometry.ts';
import { SeriesPaths, type BandPath, type SeriesPath, type Shade } from './series-paths.tsx';
import type { TimeSpan } from '../../lib/history/split-range.ts';

export interface ChartLine extends SeriesPath {
  label: string;
}

/** Length of a tick mark, and the gap between it and its label. */
const TICK = 6;
const TICK_GAP = 2;

interface ChartLinesProps {
  lines: readonly ChartLine[];
  bands?: readonly BandPath[];
  shades?: readonly Shade[];
  window: TimeSpan;
  width: number;
  height: number;
  /** The y-axis range: every visible reading fits. */
  domain: [number, number];
  unit: string;
  ticks: readonly number[];
  formatTick: (ts: number) => string;
}

/**
 * Axes, grid and lines as one SVG, re-rendered only when data, window or size change, never when
 * the cursor moves (the overlay draws that). Both axes are linear and their ticks are chosen by
 * us (`timeTicks` leaves 110 px each, `valueTicks`), so nothing here measures text or reads the
 * layout: a range's render is a few dozen elements (decision 0159).
 */
export const ChartLines = memo(function ChartLines({
  lines,
  bands,
  shades,
  window,
  width,
  height,
  domain,
  unit,
  ticks,
  formatTick,
}: ChartLinesProps) {
  const clipId = `plot-${useId().replace(/:/g, '')}`;
  const plot = plotBox(width, height);
  const right = plot.left + plot.width;
  const bottom = plot.top + plot.height;
  const x = linearMap(window.from, window.to, plot.left, right);
  const y = linearMap(domain[0], domain[1], bottom, plot.top);
  const xs = ticks.map((ts) => ({ ts, at: x.a + ts * x.b }));
  const ys = valueTicks(domain).map((value) => ({ value, at: y.a + value * y.b }));
  return (
    <svg width={width} height={height} overflow="visible" fontSize={12}>
      <g stroke="currentColor" strokeOpacity={0.15} strokeDasharray="3 3">
        {ys.map(({ value, at }) => (
          <line key={value} x1={plot.left} x2={right} y1={at} y2={at} />
        ))}
        {xs.map(({ ts, at }) => (
          <line key={ts} x1={at} x2={at} y1={plot.top} y2={bottom} />
        ))}
      </g>
      <g className="chart-axis" stroke="currentColor" fill="none">
        <path d={`M${plot.left},${plot.top}V${bottom}H${right}`} />
        {ys.map(({ value, at }) => (
          <line key={value} x1={plot.left - TICK} x2={plot.left} y1={at} y2={at} />
        ))}
        {xs.map(({ ts, at }) => (
          <line key={ts} x1={at} x2={at} y1={bottom} y2={bottom + TICK} />
        ))}
      </g>
      <g className="chart-axis-labels" fill="currentColor">
        {ys.map(({ value, at }) => (
          <text key={value} x={plot.left - TICK - TICK_GAP} y={at} dy="0.355em" textAnchor="end">
            {formatMeasure(value, unit)}
          </text>
        ))}
        {xs.map(({ ts, at }) => (
          <text key={ts} x={at} y={bottom + TICK + TICK_GAP} dy="0.71em" textAnchor="middle">
            {formatTick(ts)}
          </text>
        ))}
      </g>
      <SeriesPaths
        lines={lines}
        bands={bands}
        shades={shades}
        clipId={clipId}
        plot={plot}
        x={x}
        y={y}
      />
    </svg>
  );
});
