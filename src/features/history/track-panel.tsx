import { useMemo, useState } from 'react';
import { Group, List, Text } from '@mantine/core';
import { seriesColor } from '../../components/chart/palette.ts';
import { CursorLayer } from '../../components/map/cursor-layer.tsx';
import { FitBoundsLayer } from '../../components/map/fit-bounds-layer.tsx';
import { MapView } from '../../components/map/map-view.tsx';
import { TrackLayer } from '../../components/map/track-layer.tsx';
import { timeColorGradient } from '../../lib/geo/time-color.ts';
import { formatInstant } from '../../lib/history/format-time.ts';
import type { Track } from '../../lib/history/gps-track.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import styles from './history.module.css';
import { NothingYet, type Pending } from './nothing-yet.tsx';

export interface TrackPanelProps {
  tracks: readonly Track[];
  skipped: number;
  range: TimeSpan;
  cursor: number | undefined;
  fitKey: string;
  /** Days still arriving, if any: the map follows them and frames them all once they are in. */
  pending?: Pending | undefined;
  tileUrl?: string | undefined;
  attribution?: string | undefined;
}

function Legend({ tracks, range }: { tracks: readonly Track[]; range: TimeSpan }) {
  return (
    <Group gap="lg" mt="xs" wrap="wrap" align="flex-start" className={styles.legend}>
      <div className={styles.timeScale}>
        <Text size="xs" c="dimmed">
          Time of each position
        </Text>
        <div className={styles.gradient} style={{ background: timeColorGradient() }} />
        <Group justify="space-between" gap="lg">
          <Text size="xs">{formatInstant(range.from)}</Text>
          <Text size="xs">{formatInstant(range.to)}</Text>
        </Group>
      </div>
      <List size="xs" listStyleType="none" spacing={2} aria-label="Map symbols">
        <List.Item icon={<span className={styles.disc} />}>GPS fix</List.Item>
        <List.Item icon={<span className={styles.square} />}>
          Calculated position (no GPS fix)
        </List.Item>
        <List.Item icon={<span className={styles.start} />}>Start of a track</List.Item>
        <List.Item icon={<span className={styles.end} />}>End of a track</List.Item>
        <List.Item icon={<span className={styles.cursor} />}>Position at the time cursor</List.Item>
      </List>
      <List size="xs" listStyleType="none" spacing={2} aria-label="Tracks">
        {tracks.map((track, index) => (
          <List.Item
            key={track.nodeUuid}
            icon={<span className={styles.line} style={{ background: seriesColor(index) }} />}
          >
            {track.nodeName} ({track.points.length.toLocaleString()} positions)
          </List.Item>
        ))}
      </List>
    </Group>
  );
}

/** GPS tracks of the range on a map, with the shared time cursor. */
export function TrackPanel({
  tracks,
  skipped,
  range,
  cursor,
  fitKey,
  pending,
  tileUrl,
  attribution,
}: TrackPanelProps) {
  const [fallback, setFallback] = useState<string>();
  const points = useMemo(() => tracks.flatMap((track) => track.points), [tracks]);
  if (tracks.length === 0 && pending) return <NothingYet what="positions" pending={pending} />;
  if (tracks.length === 0) {
    return (
      <Text c="dimmed">
        No positions in this range
        {skipped > 0 ? ` (${skipped.toLocaleString()} GPS messages carried no location)` : ''}.
      </Text>
    );
  }
  return (
    <>
      <MapView
        label="GPS tracks"
        tileUrl={tileUrl}
        attribution={attribution}
        onFallback={setFallback}
      >
        <TrackLayer tracks={tracks} span={range} formatTime={formatInstant} />
        <FitBoundsLayer points={points} fitKey={fitKey} settled={pending === undefined} />
        <CursorLayer tracks={tracks} cursor={cursor} />
      </MapView>
      {fallback && (
        <Text size="xs" c="dimmed" mt={4}>
          {fallback} Showing the offline map.
        </Text>
      )}
      {skipped > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {skipped.toLocaleString()} GPS messages without a location are not drawn.
        </Text>
      )}
      <Legend tracks={tracks} range={range} />
    </>
  );
}
