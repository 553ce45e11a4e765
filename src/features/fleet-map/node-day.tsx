import { useMemo, useState } from 'react';
import { List, Stack, Text } from '@mantine/core';
import type { ChannelRecord } from '../../../contract/channel.ts';
import {
  useEngineAnswer,
  useRangeHistory,
  useRangeProgress,
} from '../../api/history-engine/use-range-history.ts';
import { PlaceName } from '../../components/place-name.tsx';
import { useReportOptions } from '../../api/use-report-options.ts';
import { t } from '../../i18n/i18n.ts';
import type { FleetNode } from '../../lib/history/fleet-positions.ts';
import { formatAgo, formatTimeOfDay } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { StopRecord } from '../../lib/history-store/protocol.ts';
import { defaultReportSettings } from '../../lib/reports/settings.ts';

/** Today in the person's time zone, from its midnight to the minute the card opened. */
export function today(now: number): TimeSpan {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return { from: midnight.getTime(), to: Math.floor(now / 60_000) * 60_000 };
}

/**
 * "08:12–08:40"; "until 07:05" for where it stood since before midnight, "since 16:05" for
 * where it still is, "all day so far" for both.
 */
function stopTime(stop: StopRecord): string {
  const start = formatTimeOfDay(stop.start);
  const end = formatTimeOfDay(stop.end);
  if (stop.startOpen && stop.endOpen) return t('fleetMap.card.stopAllDay');
  if (stop.startOpen) return t('fleetMap.card.stopUntil', { end });
  if (stop.endOpen) return t('fleetMap.card.stopSince', { start });
  return t('fleetMap.card.stopSpan', { start, end });
}

export interface NodeDayProps {
  record: ChannelRecord;
  node: FleetNode;
  now: number;
  /** Ids of the card's headings, which label the sections. */
  positionHeading: string;
  stopsHeading: string;
}

/**
 * A node's last position named by place, and its stops since midnight, by the same rules as
 * the history page's trips (the history engine's motion answer, the owner's named places and the
 * cloud's geocoder: docs/decisions/0063). Today's history is read once, when the card opens.
 */
export function NodeDay({ record, node, now, positionHeading, stopsHeading }: NodeDayProps) {
  const [opened] = useState(now);
  const range = useMemo(() => today(opened), [opened]);
  const history = useRangeHistory(record.uuid, range);
  const failed = useRangeProgress(history, (p) => p.status === 'failed');
  const nodeUuids = useMemo(() => [record.uuid], [record.uuid]);
  const { options, places } = useReportOptions(record, nodeUuids, defaultReportSettings);
  const motion = useEngineAnswer(history, { kind: 'motion', window: range, width: 1, options });
  const stops = motion.data?.nodes.find((n) => n.nodeUuid === record.uuid)?.stops ?? [];
  const { lat, lon, ts } = node.position;
  return (
    <Stack gap={6}>
      <div>
        <Text size="xs" fw={700} id={positionHeading}>
          {t('fleetMap.card.lastPosition')}
        </Text>
        <Text size="sm" aria-labelledby={positionHeading}>
          <PlaceName name={places.nameAt(node.nodeUuid, lat, lon)} lat={lat} lon={lon} />
          {`, ${formatAgo(ts, now)}`}
        </Text>
      </div>
      <div aria-busy={!motion.settled}>
        <Text size="xs" fw={700} id={stopsHeading}>
          {t('fleetMap.card.stops')}
        </Text>
        {failed ? (
          <Text size="sm" c="red">
            {t('fleetMap.card.stopsFailed')}
          </Text>
        ) : motion.data === undefined ? (
          <Text size="sm" c="dimmed">
            {t('fleetMap.card.stopsLoading')}
          </Text>
        ) : stops.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fleetMap.card.noStops')}
          </Text>
        ) : (
          <List size="sm" spacing={2} aria-labelledby={stopsHeading}>
            {stops.map((stop) => (
              <List.Item key={stop.start}>
                <PlaceName
                  name={places.nameAt(record.uuid, stop.lat, stop.lon)}
                  lat={stop.lat}
                  lon={stop.lon}
                />
                {` · ${stopTime(stop)}`}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
