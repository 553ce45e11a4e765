import { useMemo } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useEngineAnswer, type RangeHistory } from '../../api/history-engine/use-range-history.ts';
import type { ChartLine } from '../../components/chart/chart-lines.tsx';
import { plotWidth } from '../../components/chart/plot-geometry.ts';
import { seriesColor } from '../../components/chart/palette.ts';
import type { Shade } from '../../components/chart/series-paths.tsx';
import {
  TemperatureChart,
  type ChartBand,
  type ChartLimit,
  type LegendEntry,
} from '../../components/chart/temperature-chart.tsx';
import { useElementWidth } from '../../components/use-element-width.ts';
import type {
  BandsAnswer,
  ColdChainAnswer,
  ReportOptions,
  Summary,
} from '../../lib/history-store/protocol.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import { formatDegrees } from '../../lib/format-number.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { zoomWindow } from '../../lib/history/zoom.ts';
import { NothingYet } from './nothing-yet.tsx';
import { t } from '../../i18n/i18n.ts';
import { limitsText } from '../../lib/reports/limits-text.ts';

/** Up to this many sensors each get a line; more are drawn as bands (docs/decisions/). */
export const MAX_LINES = 8;

export interface TemperaturePanelProps {
  history: RangeHistory;
  summary: Summary | undefined;
  /** Limits and excursions, for the dashed levels and the shading. */
  coldChain: ColdChainAnswer | undefined;
  options: ReportOptions;
  range: TimeSpan;
  window: TimeSpan;
  onWindow: (window: TimeSpan) => void;
  cursor: number | undefined;
  onCursor: (ts: number) => void;
  /** In band view, sensors whose own line is shown over the bands. */
  shown: readonly string[];
}

const bandColors = ['#1c7ed6', '#e8590c', '#2f9e44', '#7048e8'];

/** Levels of shading: a column's share of members out of range, rounded to one of these. */
const SHADE_LEVELS = 4;

/**
 * Pixel columns where members were out of range, as spans of time shaded by the share of members
 * out: a single reefer with its doors open shows faintly, half the fleet out strongly.
 */
function outSpans(answer: BandsAnswer | undefined, window: TimeSpan, width: number): Shade[] {
  if (!answer || width <= 0) return [];
  const span = window.to - window.from;
  const members = answer.bands.reduce((n, b) => n + b.members, 0);
  const out: Shade[] = [];
  for (let c = 0; c < width; c++) {
    const count = answer.bands.reduce((n, b) => n + (b.out[c] ?? 0), 0);
    if (count === 0) continue;
    const strength = Math.ceil((count / Math.max(1, members)) * SHADE_LEVELS) / SHADE_LEVELS;
    const from = window.from + (c / width) * span;
    const to = window.from + ((c + 1) / width) * span;
    const last = out.at(-1);
    if (last && Math.abs(last.to - from) < 1 && last.strength === strength) last.to = to;
    else out.push({ from, to, strength });
  }
  return out;
}

/**
 * Temperatures of the range: a line per sensor, or, beyond MAX_LINES sensors (a group of 40
 * reefers), one band per set of limits (lowest, median and highest across its members) with the
 * excursions shaded, and the lines of the sensors picked in the per-node list on top. The
 * history engine reduces everything to the plot's pixel columns.
 */
export function TemperaturePanel({
  history,
  summary,
  coldChain,
  options,
  range,
  window,
  onWindow,
  cursor,
  onCursor,
  shown,
}: TemperaturePanelProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const columns = plotWidth(width);
  const sensors = useMemo(() => summary?.sensors ?? [], [summary]);
  const banded = sensors.length > MAX_LINES;
  const lineSensors = banded ? [...shown] : undefined;
  const lines = useEngineAnswer(
    history,
    columns > 0 && (!banded || shown.length > 0)
      ? {
          kind: 'lines',
          window,
          width: columns,
          ...(lineSensors ? { sensorUuids: lineSensors } : {}),
        }
      : undefined,
  );
  const bands = useEngineAnswer(
    history,
    columns > 0 && banded ? { kind: 'bands', window, width: columns, options } : undefined,
  );

  const colorOf = useMemo(
    () => new Map(sensors.map((s, i) => [s.sensorUuid, seriesColor(i)])),
    [sensors],
  );
  const chartLines = useMemo(
    () =>
      (lines.data?.lines ?? []).map((line): ChartLine => ({
        key: line.sensorUuid,
        label: line.label,
        color: colorOf.get(line.sensorUuid) ?? seriesColor(0),
        ts: line.ts,
        values: line.values,
      })),
    [lines.data, colorOf],
  );
  const chartBands = useMemo((): ChartBand[] => {
    if (!banded || !bands.data) return [];
    const span = window.to - window.from;
    return bands.data.bands.map((band, i) => ({
      key: band.key,
      label: t('temperature.band', { label: limitsText(band.limits), members: band.members }),
      color: bandColors[i % bandColors.length] ?? '#1c7ed6',
      members: band.members,
      out: band.out,
      low: band.low,
      median: band.median,
      high: band.high,
      ts: Float64Array.from(
        band.median,
        (_, c) => window.from + ((c + 0.5) / band.median.length) * span,
      ),
    }));
  }, [banded, bands.data, window]);

  const limits = useMemo((): ChartLimit[] => {
    const applied = banded
      ? (bands.data?.bands ?? []).flatMap((b) => (b.limits ? [b.limits] : []))
      : (coldChain?.sensors ?? []).flatMap((s) =>
          s.limits && !s.limits.conflict ? [s.limits] : [],
        );
    const levels = new Set<number>();
    for (const l of applied) {
      if (l.min !== undefined) levels.add(l.min);
      if (l.max !== undefined) levels.add(l.max);
    }
    return [...levels].map((value) => ({
      key: String(value),
      label: formatDegrees(value),
      value,
    }));
  }, [banded, bands.data, coldChain]);

  // The excursions of the lines drawn, at full strength: over the bands, those of the sensors
  // picked (one excursion shown from the list) stand out from the members' shading.
  // Each is named with its sensor, side and span, so a screen reader learns what is shaded.
  const ownShades = useMemo((): Shade[] => {
    const drawn = new Map(chartLines.map((l) => [l.key, l.label]));
    return (coldChain?.excursions ?? [])
      .filter((e) => drawn.has(e.sensorUuid) && e.end >= window.from && e.start <= window.to)
      .map((e) => {
        const to = Math.max(e.end, e.start);
        const words = {
          sensor: drawn.get(e.sensorUuid) ?? e.nodeName,
          side: e.side,
          from: formatInstant(e.start),
          to: formatInstant(to),
        };
        const label = t(e.ongoing ? 'temperature.shadeOngoing' : 'temperature.shade', words);
        return { from: e.start, to, label };
      });
  }, [window, coldChain, chartLines]);
  const shades = useMemo(
    (): Shade[] => (banded ? [...outSpans(bands.data, window, columns), ...ownShades] : ownShades),
    [banded, bands.data, window, columns, ownShades],
  );

  const extent = useMemo((): [number, number] | undefined => {
    const parts = [lines.data?.extent, banded ? bands.data?.extent : undefined].filter(
      (e): e is [number, number] => e !== undefined,
    );
    if (parts.length === 0) return undefined;
    return [Math.min(...parts.map((p) => p[0])), Math.max(...parts.map((p) => p[1]))];
  }, [lines.data, bands.data, banded]);

  const legend = useMemo((): LegendEntry[] => {
    const entry = (s: (typeof sensors)[number]) => ({
      key: s.sensorUuid,
      label: t('temperature.sensorReadings', { label: s.label, count: s.temperatures }),
      color: colorOf.get(s.sensorUuid) ?? seriesColor(0),
    });
    if (!banded) return sensors.map(entry);
    return [
      ...chartBands.map((band) => ({
        key: band.key,
        label: t('temperature.bandLegend', { label: band.label }),
        color: band.color,
      })),
      ...sensors.filter((s) => shown.includes(s.sensorUuid)).map(entry),
    ];
  }, [sensors, colorOf, banded, chartBands, shown]);

  // Kept while it says the same, so the memoised chart is not drawn again for a new element.
  const pickedShaded = ownShades.length > 0;
  const shadedNote = useMemo(
    () =>
      banded && shades.length > 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t(pickedShaded ? 'temperature.shadedPicked' : 'temperature.shaded')}
        </Text>
      ) : undefined,
    [banded, shades.length, pickedShaded],
  );
  const whole = window.from === range.from && window.to === range.to;
  const empty = sensors.length === 0;
  return (
    <div ref={ref} aria-busy={!lines.settled || !bands.settled}>
      {empty ? (
        <NothingYet what="temperatures" history={history} />
      ) : (
        <>
          <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {[
                whole
                  ? t('temperature.wholeRange')
                  : t('temperature.window', {
                      from: formatInstant(window.from),
                      to: formatInstant(window.to),
                    }),
                t('temperature.dragToZoom'),
                ...(banded ? [t('temperature.asBands', { count: sensors.length })] : []),
              ].join(' · ')}
            </Text>
            <Group gap={4}>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => onWindow(zoomWindow(window, range, 0.5, cursor))}
              >
                {t('temperature.zoomIn')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={whole}
                onClick={() => onWindow(zoomWindow(window, range, 2, cursor))}
              >
                {t('temperature.zoomOut')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={whole}
                onClick={() => onWindow(range)}
              >
                {t('temperature.wholeRange')}
              </Button>
            </Group>
          </Group>
          <TemperatureChart
            width={width}
            lines={chartLines}
            bands={chartBands}
            limits={limits}
            shades={shades}
            extent={extent}
            window={window}
            onZoom={onWindow}
            cursor={cursor}
            onCursor={onCursor}
            legend={legend}
            legendLabel={t(banded ? 'temperature.bandsAndSensors' : 'chart.sensors')}
          >
            {shadedNote}
          </TemperatureChart>
        </>
      )}
    </div>
  );
}
