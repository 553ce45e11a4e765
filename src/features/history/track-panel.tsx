import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Group, List, Text } from '@mantine/core';
import {
  useEngineAnswer,
  useRangeProgress,
  type RangeHistory,
} from '../../api/history-engine/use-range-history.ts';
import { seriesColor } from '../../components/chart/palette.ts';
import { CursorLayer } from '../../components/map/cursor-layer.tsx';
import { FitBoundsLayer } from '../../components/map/fit-bounds-layer.tsx';
import { MapView } from '../../components/map/map-view.tsx';
import { StopsLayer } from '../../components/map/stops-layer.tsx';
import type { StopMark } from '../../components/map/stops-overlay.ts';
import { TrackLayer } from '../../components/map/track-layer.tsx';
import { t } from '../../i18n/i18n.ts';
import { timeColorGradient } from '../../lib/geo/time-color.ts';
import type { Summary, TrackColumns } from '../../lib/history-store/protocol.ts';
import { formatDuration, formatInstant } from '../../lib/history/format-time.ts';
import { clipTracks } from '../../lib/history/clip-tracks.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import styles from './history.module.css';
import { NothingYet } from './nothing-yet.tsx';

export interface TrackPanelProps {
  history: RangeHistory;
  summary: Summary | undefined;
  range: TimeSpan;
  cursor: number | undefined;
  fitKey: string;
  /** Stops of the trips report, drawn over the tracks. */
  stops: readonly StopMark[];
  /** Only this part of the range is drawn (a day picked for stops), or the whole range. */
  within?: TimeSpan | undefined;
  tileUrl?: string | undefined;
  attribution?: string | undefined;
}

/** Memoised: a line per node (40 for a group), unchanged by most of the days that arrive. */
const Legend = memo(function Legend({
  tracks,
  summary,
  range,
  stops,
}: {
  tracks: readonly TrackColumns[];
  summary: Summary | undefined;
  range: TimeSpan;
  stops: boolean;
}) {
  const positions = new Map(summary?.nodes.map((n) => [n.nodeUuid, n.positions]) ?? []);
  return (
    <Group gap="lg" mt="xs" wrap="wrap" align="flex-start" className={styles.legend}>
      <div className={styles.timeScale}>
        <Text size="xs" c="dimmed">
          {t('trackPanel.timeScale')}
        </Text>
        <div className={styles.gradient} style={{ background: timeColorGradient() }} />
        <Group justify="space-between" gap="lg">
          <Text size="xs">{formatInstant(range.from)}</Text>
          <Text size="xs">{formatInstant(range.to)}</Text>
        </Group>
      </div>
      <List size="xs" listStyleType="none" spacing={2} aria-label={t('trackPanel.symbols')}>
        <List.Item icon={<span className={styles.disc} />}>{t('trackPanel.gpsFix')}</List.Item>
        <List.Item icon={<span className={styles.square} />}>
          {t('trackPanel.calculated')}
        </List.Item>
        <List.Item icon={<span className={styles.start} />}>{t('trackPanel.start')}</List.Item>
        <List.Item icon={<span className={styles.end} />}>{t('trackPanel.end')}</List.Item>
        {stops && (
          <List.Item icon={<span className={styles.stop} />}>{t('trackPanel.stop')}</List.Item>
        )}
        <List.Item icon={<span className={styles.cursor} />}>{t('trackPanel.cursor')}</List.Item>
      </List>
      <List size="xs" listStyleType="none" spacing={2} aria-label={t('trackPanel.tracks')}>
        {tracks.map((track, index) => (
          <List.Item
            key={track.nodeUuid}
            icon={<span className={styles.line} style={{ background: seriesColor(index) }} />}
          >
            {t('trackPanel.track', {
              name: track.nodeName,
              count: positions.get(track.nodeUuid) ?? track.ts.length,
            })}
          </List.Item>
        ))}
      </List>
    </Group>
  );
});

const describeStop = (stop: StopMark) => [
  t('trackPanel.stopOf', { name: stop.nodeName }),
  `${formatInstant(stop.start)} – ${formatInstant(stop.end)}`,
  formatDuration(stop.end - stop.start),
];

/** GPS tracks of the range on a map, stops over them, with the shared time cursor. */
export function TrackPanel({
  history,
  summary,
  range,
  cursor,
  fitKey,
  stops,
  within,
  tileUrl,
  attribution,
}: TrackPanelProps) {
  const [fallback, setFallback] = useState<string>();
  const answer = useEngineAnswer(history, { kind: 'tracks' });
  const loading = useRangeProgress(history, (p) => p.status === 'loading');
  const arrived = useDeferredValue(answer.data);
  const tracks = useMemo(
    () => (within ? clipTracks(arrived ?? [], within) : (arrived ?? [])),
    [arrived, within],
  );
  const shown = within ?? range;
  // The view frames the corners of every track.
  const corners = useMemo(() => {
    let south = 90;
    let west = 180;
    let north = -90;
    let east = -180;
    for (const t of tracks) {
      for (let i = 0; i < t.lat.length; i++) {
        const lat = t.lat[i] ?? 0;
        const lon = t.lon[i] ?? 0;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
        if (lon < west) west = lon;
        if (lon > east) east = lon;
      }
    }
    return south <= north
      ? [
          { lat: south, lon: west },
          { lat: north, lon: east },
        ]
      : [];
  }, [tracks]);
  const skipped = (summary?.nodes ?? []).reduce((n, node) => n + node.withoutPosition, 0);
  if (tracks.length === 0) {
    return (
      <div aria-busy={!answer.settled}>
        {loading || skipped === 0 ? (
          <NothingYet what="positions" history={history} />
        ) : (
          <Text c="dimmed">
            {within
              ? t('trackPanel.noPositionsDay', { skipped })
              : t('trackPanel.noPositionsRange', { skipped })}
          </Text>
        )}
      </div>
    );
  }
  return (
    <div aria-busy={!answer.settled}>
      <MapView
        label={t('trackPanel.mapLabel')}
        tileUrl={tileUrl}
        attribution={attribution}
        onFallback={setFallback}
      >
        <StopsLayer stops={stops} describe={describeStop} />
        <TrackLayer tracks={tracks} span={shown} formatTime={formatInstant} />
        <FitBoundsLayer points={corners} fitKey={fitKey} settled={!loading} />
        <CursorLayer tracks={tracks} cursor={cursor} />
      </MapView>
      {fallback && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('fleetMap.offline', { reason: fallback })}
        </Text>
      )}
      {skipped > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('trackPanel.skipped', { skipped })}
        </Text>
      )}
      <Legend
        tracks={tracks}
        summary={within ? undefined : summary}
        range={shown}
        stops={stops.length > 0}
      />
    </div>
  );
}
