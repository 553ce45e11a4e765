import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { download } from '../../components/download.ts';
import { Timebars, type TimebarRow } from '../../components/timebar/timebar.tsx';
import { exportFileName } from '../../lib/export/formats.ts';
import { recordsCsv, type CsvColumn } from '../../lib/export/records-csv.ts';
import type {
  MotionAnswer,
  MotionTotals,
  StopRecord,
  TripRecord,
} from '../../lib/history-store/protocol.ts';
import { formatDuration, formatInstant } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { formatKm } from '../../lib/reports/format.ts';
import { noPlaces, type PlaceBook } from '../../lib/reports/place-book.ts';
import { PlaceName } from '../../components/place-name.tsx';
import { motionTotalsColumns, motionTotalsCsv } from './motion-totals-columns.ts';
import { MOVING, NO_DATA, PARKED, SILENT } from '../../lib/reports/motion-summary.ts';

/** Pixel columns of a timebar: the engine's resolution, scaled to the panel's width. */
export const TIMEBAR_COLUMNS = 1200;

export interface TripsPanelProps {
  /** Days are still arriving. */
  loading: boolean;
  channelName: string;
  range: TimeSpan;
  /** Trips, stops, timebars (TIMEBAR_COLUMNS wide) and totals, from the engine. */
  motion: MotionAnswer | undefined;
  /** The node the tables show, or undefined for all. */
  node: string | undefined;
  onNode: (nodeUuid: string | undefined) => void;
  /** The local day the stops and trips are narrowed to ('' for the whole range); the page's track follows it. */
  day: string;
  onDay: (day: string) => void;
  /** The owner's named places, which name stops and trips' ends before coordinates do. */
  places?: PlaceBook;
}

/** Where a local day of the motion answer starts and ends, or undefined for the whole range. */
export function dayBoundsOf(
  motion: MotionAnswer | undefined,
  day: string,
): { start: number; end: number } | undefined {
  if (!day || !motion) return undefined;
  const index = motion.days.indexOf(day);
  const start = motion.dayStarts[index];
  const end = motion.dayStarts[index + 1];
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** Whether a stop or trip touches the day (always, without a day): the tables and the map agree. */
export function touchesDay(
  bounds: { start: number; end: number } | undefined,
  x: { start: number; end: number },
): boolean {
  return !bounds || (x.end >= bounds.start && x.start < bounds.end);
}

/** Colours of the timebar's states, by lib/reports/motion-summary.ts's numbers. */
const stateColors: string[] = [];
stateColors[NO_DATA] = 'transparent';
stateColors[MOVING] = '#1c7ed6';
stateColors[PARKED] = '#adb5bd';
stateColors[SILENT] = '#f59f00';

type TripRow = TripRecord & {
  nodeName: string;
  key: string;
  fromPlace: string | undefined;
  toPlace: string | undefined;
};
type StopRow = StopRecord & { nodeName: string; key: string; place: string | undefined };

const open = (open: boolean, text: string) => (open ? `${text} (at the range's edge)` : text);

const tripColumns: DataColumn<TripRow>[] = [
  {
    header: 'Node',
    track: 'minmax(125px, 1fr)',
    minWidth: 125,
    sticky: 'start',
    cell: (t) => t.nodeName,
    sort: (t) => t.nodeName,
  },
  {
    header: 'Start',
    track: '235px',
    minWidth: 235,
    cell: (t) => open(t.startOpen, formatInstant(t.start)),
    sort: (t) => t.start,
  },
  {
    header: 'End',
    track: '235px',
    minWidth: 235,
    cell: (t) => open(t.endOpen, formatInstant(t.end)),
    sort: (t) => t.end,
  },
  {
    header: 'Duration',
    track: '125px',
    minWidth: 125,
    align: 'end',
    cell: (t) => formatDuration(t.end - t.start),
    sort: (t) => t.end - t.start,
  },
  {
    header: 'Distance',
    track: '115px',
    minWidth: 115,
    align: 'end',
    cell: (t) => formatKm(t.distanceM) + (t.gap ? ' *' : ''),
    sort: (t) => t.distanceM,
  },
  {
    header: 'From',
    track: '195px',
    minWidth: 195,
    cell: (t) => <PlaceName name={t.fromPlace} lat={t.fromLat} lon={t.fromLon} />,
  },
  {
    header: 'To',
    track: '195px',
    minWidth: 195,
    cell: (t) => <PlaceName name={t.toPlace} lat={t.toLat} lon={t.toLon} />,
  },
];

const stopColumns: DataColumn<StopRow>[] = [
  {
    header: 'Node',
    track: 'minmax(125px, 1fr)',
    minWidth: 125,
    sticky: 'start',
    cell: (s) => s.nodeName,
    sort: (s) => s.nodeName,
  },
  {
    header: 'Arrived',
    track: '235px',
    minWidth: 235,
    cell: (s) => open(s.startOpen, formatInstant(s.start)),
    sort: (s) => s.start,
  },
  {
    header: 'Left',
    track: '235px',
    minWidth: 235,
    cell: (s) => open(s.endOpen, formatInstant(s.end)),
    sort: (s) => s.end,
  },
  {
    header: 'Duration',
    track: '125px',
    minWidth: 125,
    align: 'end',
    cell: (s) => formatDuration(s.end - s.start),
    sort: (s) => s.end - s.start,
  },
  {
    header: 'Place',
    track: '195px',
    minWidth: 195,
    cell: (s) => <PlaceName name={s.place} lat={s.lat} lon={s.lon} />,
  },
];

type TotalsRow = MotionTotals & { key: string; name: string };

const totalsColumns = (first: string): DataColumn<TotalsRow>[] => [
  {
    header: first,
    track: 'minmax(110px, 1fr)',
    minWidth: 110,
    cell: (r) => r.name,
    sort: (r) => r.name,
  },
  ...motionTotalsColumns<TotalsRow>(),
];

const keyOf = (row: { key: string }) => row.key;
const iso = (ts: number) => new Date(ts).toISOString();
const tripCsv: CsvColumn<TripRow>[] = [
  { header: 'node', value: (t) => t.nodeName },
  { header: 'start', value: (t) => iso(t.start) },
  { header: 'end', value: (t) => iso(t.end) },
  { header: 'duration_s', value: (t) => Math.round((t.end - t.start) / 1000) },
  { header: 'distance_m', value: (t) => Math.round(t.distanceM) },
  { header: 'from_place', value: (t) => t.fromPlace ?? '' },
  { header: 'from_lat', value: (t) => t.fromLat },
  { header: 'from_lon', value: (t) => t.fromLon },
  { header: 'to_place', value: (t) => t.toPlace ?? '' },
  { header: 'to_lat', value: (t) => t.toLat },
  { header: 'to_lon', value: (t) => t.toLon },
  { header: 'starts_before_range', value: (t) => t.startOpen },
  { header: 'ends_after_range', value: (t) => t.endOpen },
  { header: 'unobserved_gap', value: (t) => t.gap },
];
const stopCsv: CsvColumn<StopRow>[] = [
  { header: 'node', value: (s) => s.nodeName },
  { header: 'arrived', value: (s) => iso(s.start) },
  { header: 'left', value: (s) => iso(s.end) },
  { header: 'duration_s', value: (s) => Math.round((s.end - s.start) / 1000) },
  { header: 'place', value: (s) => s.place ?? '' },
  { header: 'lat', value: (s) => s.lat },
  { header: 'lon', value: (s) => s.lon },
  { header: 'starts_before_range', value: (s) => s.startOpen },
  { header: 'ends_after_range', value: (s) => s.endOpen },
];

function share(states: Uint8Array, state: number): string {
  let n = 0;
  for (const s of states) if (s === state) n++;
  return `${Math.round((100 * n) / Math.max(1, states.length))} %`;
}

/**
 * Trips and stops of every node of the range (lib/reports/trips.ts): a timebar per node (moving,
 * parked, silent), totals per node and per day, the trips and the stops with start, end,
 * duration, distance and places, each exportable as CSV.
 */
export const TripsPanel = memo(function TripsPanel({
  loading,
  channelName,
  range,
  motion: current,
  node,
  onNode,
  day,
  onDay,
  places = noPlaces,
}: TripsPanelProps) {
  const [table, setTable] = useState<'stops' | 'trips'>('stops');
  // Thousands of trips: rendered in the background, so the page keeps responding.
  const motion = useDeferredValue(current);
  const nodes = useMemo(() => motion?.nodes ?? [], [motion]);
  const shown = useMemo(
    () => (node ? nodes.filter((n) => n.nodeUuid === node) : nodes),
    [nodes, node],
  );
  const dayBounds = useMemo(() => dayBoundsOf(motion, day), [day, motion]);
  const overlaps = (x: { start: number; end: number }) => touchesDay(dayBounds, x);
  const trips = useMemo(
    () =>
      shown.flatMap((n) =>
        n.trips.filter(overlaps).map((t) => ({
          ...t,
          nodeName: n.nodeName,
          key: `${n.nodeUuid}-${t.start}`,
          fromPlace: places.nameAt(n.nodeUuid, t.fromLat, t.fromLon),
          toPlace: places.nameAt(n.nodeUuid, t.toLat, t.toLon),
        })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- overlaps reads dayBounds
    [shown, dayBounds, places],
  );
  const stops = useMemo(
    () =>
      shown.flatMap((n) =>
        n.stops.filter(overlaps).map((s) => ({
          ...s,
          nodeName: n.nodeName,
          key: `${n.nodeUuid}-${s.start}`,
          place: places.nameAt(n.nodeUuid, s.lat, s.lon),
        })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- overlaps reads dayBounds
    [shown, dayBounds, places],
  );
  const bars = useMemo(
    (): TimebarRow[] =>
      shown.map((n) => ({
        key: n.nodeUuid,
        label: n.nodeName,
        states: n.timebar,
        description:
          `${n.nodeName}: moving ${share(n.timebar, MOVING)}, parked ${share(n.timebar, PARKED)}, ` +
          `silent ${share(n.timebar, SILENT)} of the range`,
      })),
    [shown],
  );
  const perNode = useMemo(
    () => nodes.map((n) => ({ ...n.totals, key: n.nodeUuid, name: n.nodeName })),
    [nodes],
  );
  const perDay = useMemo(
    () =>
      (motion?.days ?? []).map((d, i) => ({
        ...(motion?.groupByDay[i] ?? {
          distanceM: 0,
          movingMs: 0,
          stopMs: 0,
          stops: 0,
          trips: 0,
          silentMs: 0,
        }),
        key: d,
        name: d,
      })),
    [motion],
  );
  const fileName = (what: string) => exportFileName(`${channelName} ${what}`, range, 'csv');

  return (
    <Stack gap="sm">
      {!motion ? (
        <Text c="dimmed">
          {loading
            ? 'Trips and stops follow once every day of the range has arrived.'
            : 'Finding trips and stops…'}
        </Text>
      ) : nodes.length === 0 ? (
        <Text c="dimmed">
          No trips or stops: no positions in {loading ? 'the days loaded so far' : 'this range'}.
        </Text>
      ) : (
        <>
          <Group gap="md" wrap="wrap" aria-label="Timebar key" role="list">
            {[
              [MOVING, 'Moving'],
              [PARKED, 'Parked'],
              [SILENT, 'Silent (no message)'],
            ].map(([state, text]) => (
              <Group key={text} gap={4} role="listitem">
                <span
                  style={{
                    width: 12,
                    height: 12,
                    background: stateColors[state as number],
                    display: 'inline-block',
                  }}
                />
                <Text size="xs">{text}</Text>
              </Group>
            ))}
          </Group>
          <Timebars rows={bars} colors={stateColors} label="Timebars" />

          <Title order={3} size="h5">
            Totals per node
          </Title>
          <DataTable
            rows={perNode}
            columns={totalsColumns('Node')}
            label="Totals per node"
            rowKey={keyOf}
            rowHeight={32}
            {...(perNode.length > 12 ? { height: 360 } : {})}
          />
          <Title order={3} size="h5">
            Totals per day{nodes.length > 1 ? ', all nodes' : ''}
          </Title>
          <DataTable
            rows={perDay}
            columns={totalsColumns('Day')}
            label="Totals per day"
            rowKey={keyOf}
            rowHeight={32}
          />

          <Group gap="xs" wrap="wrap" align="flex-end">
            <SegmentedControl
              size="xs"
              value={table}
              onChange={(value) => setTable(value as 'stops' | 'trips')}
              data={[
                { value: 'stops', label: `Stops (${stops.length.toLocaleString()})` },
                { value: 'trips', label: `Trips (${trips.length.toLocaleString()})` },
              ]}
              aria-label="Table"
            />
            {nodes.length > 1 && (
              <NativeSelect
                size="xs"
                label="Node"
                value={node ?? ''}
                onChange={(e) => onNode(e.currentTarget.value || undefined)}
                data={[
                  { value: '', label: 'All nodes' },
                  ...nodes.map((n) => ({ value: n.nodeUuid, label: n.nodeName })),
                ]}
              />
            )}
            <NativeSelect
              size="xs"
              label="Day"
              value={day}
              onChange={(e) => onDay(e.currentTarget.value)}
              data={[
                { value: '', label: 'Whole range' },
                ...(motion.days ?? []).map((d) => ({ value: d, label: d })),
              ]}
            />
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                table === 'trips'
                  ? download(recordsCsv(tripCsv, trips), fileName('trips'))
                  : download(recordsCsv(stopCsv, stops), fileName('stops'))
              }
            >
              Export {table} as CSV
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => download(recordsCsv(totalsCsv, perDay), fileName('totals per day'))}
            >
              Export totals per day as CSV
            </Button>
          </Group>
          {table === 'trips' ? (
            <DataTable
              rows={trips}
              columns={tripColumns}
              label="Trips"
              rowKey={keyOf}
              rowHeight={32}
              height={trips.length > 10 ? 360 : undefined}
              initialSort={{ column: 'Start', direction: 'ascending' }}
            />
          ) : (
            <DataTable
              rows={stops}
              columns={stopColumns}
              label="Stops"
              rowKey={keyOf}
              rowHeight={32}
              height={stops.length > 10 ? 360 : undefined}
              initialSort={{ column: 'Arrived', direction: 'ascending' }}
            />
          )}
          {trips.some((t) => t.gap) && table === 'trips' && (
            <Text size="xs" c="dimmed">
              * The node went silent during this trip: its distance is the straight line across the
              silence.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
});

const totalsCsv: CsvColumn<TotalsRow>[] = [
  { header: 'day', value: (r) => r.name },
  ...motionTotalsCsv<TotalsRow>(),
];
