import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { t } from '../../i18n/i18n.ts';
import { lastAtOrBefore } from '../../lib/history-store/m4.ts';
import { valueDomain } from '../../lib/history/value-domain.ts';
import { formatDegrees } from '../../lib/format-number.ts';
import { formatClock, formatInstant, formatTick } from '../../lib/history/format-time.ts';
import { timeTicks } from '../../lib/history/time-ticks.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { ChartLines, type ChartLine } from './chart-lines.tsx';
import styles from './chart.module.css';
import { plotBox } from './plot-geometry.ts';
import type { BandPath, Shade } from './series-paths.tsx';
import { TimeOverlay } from './time-overlay.tsx';

/** A band with what its tooltip says. */
export interface ChartBand extends BandPath {
  label: string;
  members: number;
  /** Per column, the members out of range. */
  out: Uint16Array;
}

/** A limit drawn as a dashed level across the plot. */
export interface ChartLimit {
  key: string;
  label: string;
  value: number;
}

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
}

export interface TemperatureChartProps {
  /** The chart's width in pixels (the caller measures it and asks for data per plot pixel). */
  width: number;
  /** Lines already reduced to the plot's pixel columns (the history engine's M4). */
  lines: readonly ChartLine[];
  bands?: readonly ChartBand[];
  limits?: readonly ChartLimit[];
  shades?: readonly Shade[];
  /** Lowest and highest visible reading. */
  extent: [number, number] | undefined;
  /** The visible span; narrower than the range when zoomed in. */
  window: TimeSpan;
  onZoom: (window: TimeSpan) => void;
  cursor: number | undefined;
  onCursor: (ts: number) => void;
  legend: readonly LegendEntry[];
  legendLabel?: string;
  timeZone?: string;
  height?: number;
  children?: ReactNode;
}

const LIMIT_COLOR = '#c92a2a';

/** The kept reading of a line nearest to an instant within `tolerance` ms. */
function nearest(line: ChartLine, ts: number, tolerance: number) {
  const before = lastAtOrBefore(line.ts, ts);
  let best = -1;
  for (const i of [before, before + 1]) {
    const at = line.ts[i];
    if (at === undefined || Math.abs(at - ts) > tolerance) continue;
    if (best < 0 || Math.abs(at - ts) < Math.abs((line.ts[best] ?? 0) - ts)) best = i;
  }
  return best < 0 ? undefined : { ts: line.ts[best] ?? 0, value: line.values[best] ?? 0 };
}

const degrees = (value: number) => formatDegrees(value);
/** A measured value as it was sent, in the locale's digits. */
/** A reading as measured: up to three decimals, as the sensor sent it. */
const reading = (value: number) => formatDegrees(value, 3);

/**
 * Temperatures over time: a line per sensor, or for many sensors a band per group of limits
 * (lowest, median, highest across members), with the limits as dashed levels and excursions
 * shaded. Lines arrive reduced with M4 to the plot's pixel columns, so the chart draws the same
 * pixels as with every reading and each kept point is a real one: the tooltip shows measured
 * values at their own time, never interpolated. Zooming asks for the narrower window again, down
 * to every reading. Memoised: the history page renders again with every day that arrives, most
 * often for a chart whose data had not changed.
 */
export const TemperatureChart = memo(function TemperatureChart({
  width,
  lines,
  bands = [],
  limits = [],
  shades = [],
  extent,
  window,
  onZoom,
  cursor,
  onCursor,
  legend,
  legendLabel,
  timeZone,
  height = 280,
  children,
}: TemperatureChartProps) {
  const box = plotBox(width, height);
  const domain = useMemo(() => {
    const values = limits.map((l) => l.value);
    if (extent) values.push(...extent);
    return valueDomain(Math.min(...values), Math.max(...values));
  }, [extent, limits]);
  const drawn = useMemo(
    () => [
      ...lines,
      ...limits.map((limit): ChartLine => ({
        key: `limit-${limit.key}`,
        label: limit.label,
        color: LIMIT_COLOR,
        ts: Float64Array.of(window.from, window.to),
        values: Float64Array.of(limit.value, limit.value),
        dashed: true,
      })),
    ],
    [lines, limits, window.from, window.to],
  );
  const span = window.to - window.from;
  const tick = useCallback((ts: number) => formatTick(ts, span, timeZone), [span, timeZone]);
  const tickCount = Math.max(2, Math.floor(box.width / 110));
  const ticks = useMemo(
    () => timeTicks(window.from, window.to, tickCount),
    [window.from, window.to, tickCount],
  );

  const tolerance = (span / Math.max(1, box.width)) * 8;
  const nearby =
    cursor === undefined
      ? []
      : lines.flatMap((line) => {
          const point = nearest(line, cursor, tolerance);
          return point ? [{ line, point }] : [];
        });
  const column =
    cursor === undefined
      ? -1
      : Math.floor(((cursor - window.from) / Math.max(1, span)) * box.width);
  const bandsAt = bands.flatMap((band) => {
    const median = band.median[column];
    if (median === undefined || Number.isNaN(median)) return [];
    return [
      {
        band,
        text: `${degrees(band.low[column] ?? median)} – ${degrees(median)} – ${degrees(band.high[column] ?? median)}`,
        out: band.out[column] ?? 0,
      },
    ];
  });
  const cursorText =
    cursor === undefined
      ? t('chart.noTime')
      : [
          formatInstant(cursor, timeZone),
          ...nearby.map((v) => `${v.line.label} ${reading(v.point.value)}`),
          ...bandsAt.map((b) =>
            t('chart.bandSpoken', { band: b.band.label, values: b.text, out: b.out }),
          ),
        ].join(', ');
  const tooltip =
    nearby.length > 0 || bandsAt.length > 0 ? (
      <>
        <strong>{cursor === undefined ? '' : formatInstant(cursor, timeZone)}</strong>
        <dl>
          {bandsAt.map(({ band, text, out }) => (
            <div key={band.key} style={{ display: 'contents' }}>
              <dt>
                <span className={styles.swatch} style={{ background: band.color }} />
                {band.label}
              </dt>
              <dd>
                {text}
                {out > 0 && ` · ${t('chart.bandOut', { out, members: band.members })}`}
              </dd>
            </div>
          ))}
          {nearby.map(({ line, point }) => (
            <div key={line.key} style={{ display: 'contents' }}>
              <dt>
                <span className={styles.swatch} style={{ background: line.color }} />
                {line.label}
              </dt>
              <dd>
                {reading(point.value)}
                {point.ts !== cursor &&
                  ` ${t('chart.readingAt', { time: formatClock(point.ts, timeZone) })}`}
              </dd>
            </div>
          ))}
        </dl>
      </>
    ) : null;

  return (
    <figure className={styles.chart} style={{ margin: 0 }}>
      <div style={{ position: 'relative', height }}>
        {width > 0 && (
          <ChartLines
            lines={drawn}
            bands={bands}
            shades={shades}
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
            label={t('chart.cursorLabel')}
            valueText={cursorText}
            tooltip={tooltip}
          />
        )}
      </div>
      <figcaption>
        <ul className={styles.legend} aria-label={legendLabel ?? t('chart.sensors')}>
          {legend.map((entry) => (
            <li key={entry.key}>
              <span className={styles.swatch} style={{ background: entry.color }} />
              {entry.label}
            </li>
          ))}
          {limits.length > 0 && (
            <li>
              <span className={styles.swatch} style={{ background: LIMIT_COLOR }} />
              {t(shades.length > 0 ? 'chart.limitsShaded' : 'chart.limits')}
            </li>
          )}
        </ul>
        {children}
      </figcaption>
    </figure>
  );
});
