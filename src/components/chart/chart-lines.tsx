import { memo, useId } from 'react';
import { CartesianGrid, LineChart, XAxis, YAxis } from 'recharts';
import { valueTicks } from '../../lib/history/value-domain.ts';
import { SeriesPaths, type BandPath, type SeriesPath, type Shade } from './series-paths.tsx';
import type { TimeSpan } from '../../lib/history/split-range.ts';

export interface ChartLine extends SeriesPath {
  label: string;
}

/** Plot geometry shared with the overlay, which maps pixels to instants without asking Recharts. */
export const chartMargin = { top: 8, right: 16, bottom: 4, left: 4 } as const;
export const yAxisWidth = 60;
export const xAxisHeight = 28;

/** The width of the plot inside a chart `width` pixels wide: one column per pixel of it. */
export function plotWidth(width: number): number {
  return Math.max(0, Math.floor(width - chartMargin.left - yAxisWidth - chartMargin.right));
}

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
 * Axes, grid and lines: re-rendered only when data, window or size change, never when the cursor
 * moves (the overlay draws that). The ticks are chosen to fit (`timeTicks` leaves 110 px each), so
 * `interval={0}` shows them all and spares Recharts measuring every label in the DOM to thin them.
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
  const formatValue = (value: number) => `${value}\u00a0${unit}`;
  return (
    <LineChart width={width} height={height} margin={chartMargin} accessibilityLayer={false}>
      <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
      <XAxis
        dataKey="ts"
        type="number"
        scale="time"
        domain={[window.from, window.to]}
        allowDataOverflow
        ticks={ticks as number[]}
        interval={0}
        tickFormatter={formatTick}
        height={xAxisHeight}
        tick={{ fill: 'currentColor', fontSize: 12 }}
        stroke="currentColor"
      />
      <YAxis
        width={yAxisWidth}
        tickFormatter={formatValue}
        type="number"
        domain={domain}
        ticks={valueTicks(domain)}
        interval={0}
        allowDataOverflow
        tick={{ fill: 'currentColor', fontSize: 12 }}
        stroke="currentColor"
      />
      <SeriesPaths
        lines={lines}
        bands={bands}
        shades={shades}
        clipId={clipId}
        window={window}
        domain={domain}
      />
    </LineChart>
  );
});
