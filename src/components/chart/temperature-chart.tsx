import { useCallback, useMemo } from 'react';
import { reducePoints, visiblePoints } from '../../lib/history/downsample-series.ts';
import { valueDomain } from '../../lib/history/value-domain.ts';
import {
  formatClock,
  formatInstant,
  formatTick,
  timeTicks,
} from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { Series } from '../../lib/history/temperature-series.ts';
import { valuesAt } from '../../lib/history/values-at.ts';
import {
  ChartLines,
  chartMargin,
  xAxisHeight,
  yAxisWidth,
  type ChartLine,
} from './chart-lines.tsx';
import styles from './chart.module.css';
import { seriesColor } from './palette.ts';
import { TimeOverlay } from './time-overlay.tsx';
import { useElementWidth } from './use-element-width.ts';

export interface TemperatureChartProps {
  series: readonly Series[];
  /** The visible span; narrower than the range when zoomed in. */
  window: TimeSpan;
  onZoom: (window: TimeSpan) => void;
  cursor: number | undefined;
  onCursor: (ts: number) => void;
  timeZone?: string;
  height?: number;
  /** Points per pixel per line after downsampling. */
  perPixel?: number;
}

/**
 * Temperatures over time, a line per sensor. Each line is reduced with LTTB to about two points
 * per pixel of the visible window, so the chart stays fast with hundreds of thousands of readings
 * and shows every reading once zoomed in far enough. Tooltips read the full data.
 */
export function TemperatureChart({
  series,
  window,
  onZoom,
  cursor,
  onCursor,
  timeZone,
  height = 280,
  perPixel = 2,
}: TemperatureChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const box = {
    left: chartMargin.left + yAxisWidth,
    top: chartMargin.top,
    width: Math.max(0, width - chartMargin.left - yAxisWidth - chartMargin.right),
    height: Math.max(0, height - chartMargin.top - chartMargin.bottom - xAxisHeight),
  };
  const colors = useMemo(
    () => new Map(series.map((s, i) => [s.sensorUuid, seriesColor(i)])),
    [series],
  );
  const { lines, domain } = useMemo(() => {
    // The first render, before the width is known, draws no lines: nothing to compute for it.
    if (box.width <= 0) return { lines: [], domain: [0, 1] satisfies [number, number] };
    const visible = series.map((s) => visiblePoints(s.points, window));
    const drawn: ChartLine[] = series.map((s, i) => ({
      key: s.sensorUuid,
      label: s.label,
      color: colors.get(s.sensorUuid) ?? seriesColor(0),
      points: reducePoints(visible[i] ?? [], box.width, perPixel),
    }));
    return { lines: drawn, domain: valueDomain(visible) };
  }, [series, window, box.width, perPixel, colors]);
  const span = window.to - window.from;
  const tick = useCallback((ts: number) => formatTick(ts, span, timeZone), [span, timeZone]);
  const tickCount = Math.max(2, Math.floor(box.width / 110));
  const ticks = useMemo(
    () => timeTicks(window.from, window.to, tickCount),
    [window.from, window.to, tickCount],
  );

  const nearby =
    cursor === undefined ? [] : valuesAt(series, cursor, (span / Math.max(1, box.width)) * 8);
  const cursorText =
    cursor === undefined
      ? 'No time chosen'
      : [
          formatInstant(cursor, timeZone),
          ...nearby.map((v) => `${v.label} ${v.point.value} °C`),
        ].join(', ');
  const tooltip =
    nearby.length > 0 ? (
      <>
        <strong>{cursor === undefined ? '' : formatInstant(cursor, timeZone)}</strong>
        <dl>
          {nearby.map((v) => (
            <div key={v.sensorUuid} style={{ display: 'contents' }}>
              <dt>
                <span className={styles.swatch} style={{ background: colors.get(v.sensorUuid) }} />
                {v.label}
              </dt>
              <dd>
                {v.point.value} °C
                {v.point.ts !== cursor && <> at {formatClock(v.point.ts, timeZone)}</>}
              </dd>
            </div>
          ))}
        </dl>
      </>
    ) : null;

  return (
    <figure className={styles.chart} style={{ margin: 0 }}>
      <div ref={ref} style={{ position: 'relative', height }}>
        {width > 0 && (
          <ChartLines
            lines={lines}
            domain={domain}
            window={window}
            width={width}
            height={height}
            unit="°C"
            ticks={ticks}
            formatTick={tick}
          />
        )}
        {box.width > 0 && (
          <TimeOverlay
            box={box}
            window={window}
            cursor={cursor}
            onCursor={onCursor}
            onZoom={onZoom}
            label="Time cursor on the temperature chart"
            valueText={cursorText}
            tooltip={tooltip}
          />
        )}
      </div>
      <figcaption>
        <ul className={styles.legend} aria-label="Sensors">
          {series.map((s) => (
            <li key={s.sensorUuid}>
              <span className={styles.swatch} style={{ background: colors.get(s.sensorUuid) }} />
              {s.label} ({s.points.length.toLocaleString()} readings)
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
