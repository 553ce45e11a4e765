import { memo, useDeferredValue, useMemo } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { download } from '../../components/download.ts';
import { exportFileName } from '../../lib/export/formats.ts';
import { recordsCsv, type CsvColumn } from '../../lib/export/records-csv.ts';
import type {
  ColdChainAnswer,
  ExcursionRow,
  SensorColdChain,
} from '../../lib/history-store/protocol.ts';
import { formatDuration, formatInstant } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { formatDegrees, formatPercent } from '../../lib/reports/format.ts';
import { noPlaces, type PlaceBook } from '../../lib/reports/place-book.ts';
import { PlaceName } from '../../components/place-name.tsx';
import { describeLimits } from '../../lib/reports/limits.ts';

export interface ColdChainPanelProps {
  /** Days are still arriving. */
  loading: boolean;
  channelName: string;
  range: TimeSpan;
  answer: ColdChainAnswer | undefined;
  notes: readonly string[];
  /** Sensors whose own line the temperature chart shows (in band view). */
  shown: readonly string[];
  onShow: (sensorUuid: string, show: boolean) => void;
  /** Whether the chart draws bands, where showing a node's line means something. */
  banded: boolean;
  /** Puts the chart and map on an excursion: its span, the cursor at its start. */
  onExcursion: (excursion: ExcursionRow) => void;
  /** The owner's named places, which name where an excursion began before coordinates do. */
  places?: PlaceBook;
}

const sourceText = (s: SensorColdChain) =>
  !s.limits
    ? 'none'
    : s.limits.conflict
      ? `groups disagree (${s.limits.from.join(', ')})`
      : `${describeLimits(s.limits)} (${s.limits.source === 'group' ? s.limits.from.join(', ') : s.limits.source})`;

const sensorKey = (s: SensorColdChain) => s.sensorUuid;
const excursionKey = (e: ExcursionRow) => `${e.sensorUuid}-${e.start}`;
const sideText = (e: ExcursionRow) => (e.side === 'above' ? 'too warm' : 'too cold');

function endText(e: ExcursionRow): string {
  const end = formatInstant(e.end);
  if (e.ongoing) return `${end}, still out at the end of the range`;
  if (e.gap) return `${end}, then no readings`;
  return end;
}

const iso = (ts: number) => (Number.isNaN(ts) ? '' : new Date(ts).toISOString());
const excursionCsv = (places: PlaceBook): CsvColumn<ExcursionRow>[] => [
  { header: 'node', value: (e) => e.nodeName },
  { header: 'start', value: (e) => iso(e.start) },
  { header: 'end', value: (e) => iso(e.end) },
  { header: 'duration_s', value: (e) => Math.round((e.end - e.start) / 1000) },
  { header: 'side', value: (e) => e.side },
  { header: 'peak_c', value: (e) => e.peak },
  { header: 'peak_time', value: (e) => iso(e.peakTs) },
  { header: 'limit_min_c', value: (e) => e.limits.min },
  { header: 'limit_max_c', value: (e) => e.limits.max },
  { header: 'place', value: (e) => places.nameAt(e.nodeUuid, e.lat, e.lon) ?? '' },
  { header: 'lat', value: (e) => e.lat },
  { header: 'lon', value: (e) => e.lon },
  { header: 'position_time', value: (e) => iso(e.positionTs) },
  { header: 'ongoing', value: (e) => e.ongoing },
  { header: 'ended_by_missing_readings', value: (e) => e.gap },
];

/**
 * Cold chain over the range (lib/reports/excursions.ts): time in range for the whole channel and
 * per sensor, the excursions (start, end, duration, peak, where the node was), with the limits
 * that applied and where they came from. For a group drawn as bands, a sensor's own line is a
 * click away in the per-node list.
 */
export const ColdChainPanel = memo(function ColdChainPanel({
  channelName,
  range,
  answer: current,
  notes,
  shown,
  onShow,
  banded,
  onExcursion,
  loading,
  places = noPlaces,
}: ColdChainPanelProps) {
  // Thousands of excursions: rendered in the background, so the page keeps responding.
  const answer = useDeferredValue(current);
  const sensorColumns = useMemo((): DataColumn<SensorColdChain>[] => {
    const columns: DataColumn<SensorColdChain>[] = [
      {
        header: 'Sensor',
        track: 'minmax(170px, 1fr)',
        minWidth: 170,
        sticky: 'start',
        cell: (s) => s.label,
        sort: (s) => s.label,
      },
      { header: 'Limits', track: 'minmax(235px, 1.4fr)', minWidth: 235, cell: sourceText },
      {
        header: 'In range',
        track: '110px',
        minWidth: 110,
        align: 'end',
        cell: (s) => formatPercent(s.inRange),
        sort: (s) => s.inRange,
      },
      {
        header: 'Excursions',
        track: '110px',
        minWidth: 110,
        align: 'end',
        cell: (s) => s.excursions.toLocaleString(),
        sort: (s) => s.excursions,
      },
      {
        header: 'Longest',
        track: '125px',
        minWidth: 125,
        align: 'end',
        cell: (s) => (s.longestMs > 0 ? formatDuration(s.longestMs) : '–'),
        sort: (s) => s.longestMs,
      },
      {
        header: 'Lowest',
        track: '100px',
        minWidth: 100,
        align: 'end',
        cell: (s) => formatDegrees(s.min),
        sort: (s) => s.min,
      },
      {
        header: 'Mean',
        track: '100px',
        minWidth: 100,
        align: 'end',
        cell: (s) => formatDegrees(s.mean),
        sort: (s) => s.mean,
      },
      {
        header: 'Highest',
        track: '100px',
        minWidth: 100,
        align: 'end',
        cell: (s) => formatDegrees(s.max),
        sort: (s) => s.max,
      },
    ];
    if (banded) {
      columns.push({
        header: 'Own line',
        hideHeader: true,
        sticky: 'end',
        track: '120px',
        minWidth: 120,
        cell: (s) => {
          const on = shown.includes(s.sensorUuid);
          return (
            <Button
              size="compact-xs"
              variant={on ? 'filled' : 'default'}
              aria-pressed={on}
              aria-label={`${on ? 'Hide line' : 'Show line'}: ${s.label}`}
              onClick={() => onShow(s.sensorUuid, !on)}
            >
              {on ? 'Hide line' : 'Show line'}
            </Button>
          );
        },
      });
    }
    return columns;
  }, [banded, shown, onShow]);

  const excursionColumns = useMemo(
    (): DataColumn<ExcursionRow>[] => [
      {
        header: 'Node',
        track: 'minmax(125px, 1fr)',
        minWidth: 125,
        sticky: 'start',
        cell: (e) => e.nodeName,
        sort: (e) => e.nodeName,
      },
      {
        header: 'Start',
        track: '235px',
        minWidth: 235,
        cell: (e) => formatInstant(e.start),
        sort: (e) => e.start,
      },
      {
        header: 'End',
        track: 'minmax(235px, 1.2fr)',
        minWidth: 235,
        cell: endText,
        sort: (e) => e.end,
      },
      {
        header: 'Duration',
        track: '125px',
        minWidth: 125,
        align: 'end',
        cell: (e) => formatDuration(e.end - e.start),
        sort: (e) => e.end - e.start,
      },
      {
        header: 'Peak',
        track: '175px',
        minWidth: 175,
        align: 'end',
        cell: (e) => `${formatDegrees(e.peak)} (${sideText(e)})`,
        sort: (e) =>
          e.side === 'above' ? e.peak - (e.limits.max ?? 0) : (e.limits.min ?? 0) - e.peak,
      },
      {
        header: 'Where',
        track: '195px',
        minWidth: 195,
        cell: (e) => (
          <PlaceName name={places.nameAt(e.nodeUuid, e.lat, e.lon)} lat={e.lat} lon={e.lon} />
        ),
      },
      {
        header: 'Show',
        hideHeader: true,
        sticky: 'end',
        track: '90px',
        minWidth: 90,
        cell: (e) => (
          <Button
            size="compact-xs"
            variant="default"
            aria-label={`Show the excursion of ${e.nodeName} at ${formatInstant(e.start)}`}
            onClick={() => onExcursion(e)}
          >
            Show
          </Button>
        ),
      },
    ],
    [onExcursion, places],
  );

  if (!answer) {
    return (
      <Text c="dimmed">
        {loading
          ? 'Excursions and time in range follow once every day of the range has arrived.'
          : 'Checking temperatures…'}
      </Text>
    );
  }
  const withLimits = answer.sensors.filter((s) => s.limits && !s.limits.conflict);
  const fileName = exportFileName(`${channelName} excursions`, range, 'csv');
  return (
    <Stack gap="sm">
      {[...answer.problems, ...notes].length > 0 && (
        <Alert color="yellow" variant="light" title="Some limits could not be used">
          {[...answer.problems, ...notes].map((problem) => (
            <Text size="sm" key={problem}>
              {problem}
            </Text>
          ))}
        </Alert>
      )}
      {answer.sensors.length === 0 ? (
        <Text c="dimmed">No temperatures in this range.</Text>
      ) : withLimits.length === 0 ? (
        <Text c="dimmed">
          No temperature limits apply to these sensors. Set them as the property{' '}
          <code>{'{"temperature": {"min": -25, "max": -15}}'}</code> on a node, or on a group for
          all its members.
        </Text>
      ) : (
        <Text role="status" aria-label="Time in range">
          In range {formatPercent(answer.groupInRange)} of the time across {withLimits.length}{' '}
          {withLimits.length === 1 ? 'sensor' : 'sensors'} with limits;{' '}
          {answer.excursions.length.toLocaleString()}{' '}
          {answer.excursions.length === 1 ? 'excursion' : 'excursions'}
          {loading ? ' so far, while the rest of the range loads' : ''}.
        </Text>
      )}
      {answer.sensors.length > 0 && (
        <>
          <Title order={3} size="h5">
            Per sensor
          </Title>
          <DataTable
            rows={answer.sensors}
            columns={sensorColumns}
            label="Temperature per sensor"
            rowKey={sensorKey}
            rowHeight={36}
            initialSort={{ column: 'In range', direction: 'ascending' }}
            {...(answer.sensors.length > 10 ? { height: 400 } : {})}
          />
        </>
      )}
      {withLimits.length > 0 && (
        <>
          <Group justify="space-between" align="flex-end">
            <Title order={3} size="h5">
              Excursions
            </Title>
            <Button
              size="xs"
              variant="default"
              disabled={answer.excursions.length === 0}
              onClick={() =>
                download(recordsCsv(excursionCsv(places), answer.excursions), fileName)
              }
            >
              Export excursions as CSV
            </Button>
          </Group>
          {answer.excursions.length === 0 ? (
            <Text c="dimmed">Every reading stayed within its limits.</Text>
          ) : (
            <DataTable
              rows={answer.excursions}
              columns={excursionColumns}
              label="Excursions"
              rowKey={excursionKey}
              rowHeight={36}
              initialSort={{ column: 'Duration', direction: 'descending' }}
              {...(answer.excursions.length > 10 ? { height: 400 } : {})}
            />
          )}
        </>
      )}
    </Stack>
  );
});
