import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Button, Chip, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { CsvZoneSelect, csvTimeZone, type CsvZone } from '../../components/csv-zone-select.tsx';
import { download } from '../../components/download.ts';
import { Timebars, type TimebarRow } from '../../components/timebar/timebar.tsx';
import { exportFileName } from '../../lib/export/formats.ts';
import { csvFields, csvTime, recordsCsv, type CsvColumn } from '../../lib/export/records-csv.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';
import type {
  MotionAnswer,
  MotionTotals,
  StopRecord,
  TripRecord,
} from '../../lib/history-store/protocol.ts';
import { formatDayLabel, formatDuration, formatInstant } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { formatKm } from '../../lib/reports/format.ts';
import { noPlaces, type PlaceBook } from '../../lib/reports/place-book.ts';
import { PlaceName } from '../../components/place-name.tsx';
import { motionTotalsColumns, motionTotalsCsv } from './motion-totals-columns.ts';
import { MOVING, NO_DATA, PARKED, SILENT } from '../../lib/reports/motion-summary.ts';
import { timebarShares } from '../../lib/reports/shares.ts';

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

const open = (open: boolean, time: string) => (open ? t('trips.atEdge', { time }) : time);

/**
 * Built when the panel renders, so the headers are in the page's language. At 1280 px the
 * console's page is about 1010 px wide: every column fits (150 px holds a place's name or its
 * coordinates; a time at a range's edge is cut, and whole on hover). On a phone a card
 * names its node only when the table holds several (one van's page says which van it is).
 */
const tripColumns = (several: boolean): DataColumn<TripRow>[] => [
  {
    header: t('trips.node'),
    track: 'minmax(110px, 1fr)',
    minWidth: 110,
    sticky: 'start',
    phone: several ? 'title' : 'omit',
    cell: (trip) => trip.nodeName,
    sort: (trip) => trip.nodeName,
  },
  {
    header: t('trips.start'),
    track: 'minmax(190px, 235px)',
    minWidth: 190,
    phone: 'title',
    cell: (trip) => open(trip.startOpen, formatInstant(trip.start)),
    sort: (trip) => trip.start,
  },
  {
    header: t('trips.end'),
    track: 'minmax(190px, 235px)',
    minWidth: 190,
    phone: 'more',
    cell: (trip) => open(trip.endOpen, formatInstant(trip.end)),
    sort: (trip) => trip.end,
  },
  {
    header: t('trips.duration'),
    track: '100px',
    minWidth: 100,
    align: 'end',
    phone: 'more',
    cell: (trip) => formatDuration(trip.end - trip.start),
    sort: (trip) => trip.end - trip.start,
  },
  {
    header: t('trips.distance'),
    track: '100px',
    minWidth: 100,
    align: 'end',
    phone: 'main',
    cell: (trip) => formatKm(trip.distanceM) + (trip.gap ? ' *' : ''),
    sort: (trip) => trip.distanceM,
  },
  {
    header: t('trips.from'),
    track: 'minmax(150px, 1fr)',
    minWidth: 150,
    phone: 'main',
    cell: (trip) => <PlaceName name={trip.fromPlace} lat={trip.fromLat} lon={trip.fromLon} />,
  },
  {
    header: t('trips.to'),
    track: 'minmax(150px, 1fr)',
    minWidth: 150,
    phone: 'main',
    cell: (trip) => <PlaceName name={trip.toPlace} lat={trip.toLat} lon={trip.toLon} />,
  },
];

const stopColumns = (several: boolean): DataColumn<StopRow>[] => [
  {
    header: t('trips.node'),
    track: 'minmax(125px, 1fr)',
    minWidth: 125,
    sticky: 'start',
    phone: several ? 'title' : 'omit',
    cell: (s) => s.nodeName,
    sort: (s) => s.nodeName,
  },
  {
    header: t('trips.arrived'),
    track: '235px',
    minWidth: 235,
    phone: 'title',
    cell: (s) => open(s.startOpen, formatInstant(s.start)),
    sort: (s) => s.start,
  },
  {
    header: t('trips.left'),
    track: '235px',
    minWidth: 235,
    phone: 'more',
    cell: (s) => open(s.endOpen, formatInstant(s.end)),
    sort: (s) => s.end,
  },
  {
    header: t('trips.duration'),
    track: '125px',
    minWidth: 125,
    align: 'end',
    phone: 'main',
    cell: (s) => formatDuration(s.end - s.start),
    sort: (s) => s.end - s.start,
  },
  {
    header: t('trips.place'),
    track: '195px',
    minWidth: 195,
    phone: 'main',
    cell: (s) => <PlaceName name={s.place} lat={s.lat} lon={s.lon} />,
  },
];

/** `order`: what the first column sorts by where its words do not (a day's ISO date). */
type TotalsRow = MotionTotals & { key: string; name: string; order?: string };

const totalsColumns = (first: MessageId): DataColumn<TotalsRow>[] => [
  {
    header: t(first),
    track: 'minmax(110px, 1fr)',
    minWidth: 110,
    phone: 'title',
    cell: (r) => r.name,
    sort: (r) => r.order ?? r.name,
  },
  ...motionTotalsColumns<TotalsRow>(),
];

const keyOf = (row: { key: string }) => row.key;
/** Times in `timeZone` with the offset, as the person picked beside the buttons. */
const tripCsv = (timeZone: string): CsvColumn<TripRow>[] => [
  ...csvFields<TripRow>({ node: (trip) => trip.nodeName }),
  csvTime<TripRow>('start', timeZone, (trip) => trip.start),
  csvTime<TripRow>('end', timeZone, (trip) => trip.end),
  ...tripFields,
];
const tripFields = csvFields<TripRow>({
  duration_s: (trip) => Math.round((trip.end - trip.start) / 1000),
  distance_m: (trip) => Math.round(trip.distanceM),
  from_place: (trip) => trip.fromPlace ?? '',
  from_lat: (trip) => trip.fromLat,
  from_lon: (trip) => trip.fromLon,
  to_place: (trip) => trip.toPlace ?? '',
  to_lat: (trip) => trip.toLat,
  to_lon: (trip) => trip.toLon,
  starts_before_range: (trip) => trip.startOpen,
  ends_after_range: (trip) => trip.endOpen,
  unobserved_gap: (trip) => trip.gap,
});
const stopCsv = (timeZone: string): CsvColumn<StopRow>[] => [
  ...csvFields<StopRow>({ node: (s) => s.nodeName }),
  csvTime<StopRow>('arrived', timeZone, (s) => s.start),
  csvTime<StopRow>('left', timeZone, (s) => s.end),
  ...stopFields,
];
const stopFields = csvFields<StopRow>({
  duration_s: (s) => Math.round((s.end - s.start) / 1000),
  place: (s) => s.place ?? '',
  lat: (s) => s.lat,
  lon: (s) => s.lon,
  starts_before_range: (s) => s.startOpen,
  ends_after_range: (s) => s.endOpen,
});

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
  const [zone, setZone] = useState<CsvZone>('page');
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
        n.trips.filter(overlaps).map((trip) => ({
          ...trip,
          nodeName: n.nodeName,
          key: `${n.nodeUuid}-${trip.start}`,
          fromPlace: places.nameAt(n.nodeUuid, trip.fromLat, trip.fromLon),
          toPlace: places.nameAt(n.nodeUuid, trip.toLat, trip.toLon),
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
        description: t('trips.timebar', { node: n.nodeName, ...timebarShares(n.timebar) }),
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
        name: formatDayLabel(d),
        order: d,
      })),
    [motion],
  );
  const fileName = (what: MessageId) =>
    exportFileName(t(what, { name: channelName }), range, 'csv');
  const several = shown.length > 1;
  const tripTable = useMemo(() => tripColumns(several), [several]);
  const stopTable = useMemo(() => stopColumns(several), [several]);

  return (
    <Stack gap="sm">
      {!motion ? (
        <Text c="dimmed">{t(loading ? 'trips.waiting' : 'trips.finding')}</Text>
      ) : nodes.length === 0 ? (
        <Text c="dimmed">{t(loading ? 'trips.noPositionsSoFar' : 'trips.noPositions')}</Text>
      ) : (
        <>
          <Group gap="md" wrap="wrap" aria-label={t('trips.key')} role="list">
            {(
              [
                [MOVING, 'trips.key.moving'],
                [PARKED, 'trips.key.parked'],
                [SILENT, 'trips.key.silent'],
              ] as const
            ).map(([state, text]) => (
              <Group key={text} gap={4} role="listitem">
                <span
                  style={{
                    width: 12,
                    height: 12,
                    background: stateColors[state],
                    display: 'inline-block',
                  }}
                />
                <Text size="xs">{t(text)}</Text>
              </Group>
            ))}
          </Group>
          <Timebars rows={bars} colors={stateColors} label={t('trips.timebars')} />

          <Title order={3} size="h5">
            {t('trips.perNode')}
          </Title>
          <DataTable
            rows={perNode}
            columns={totalsColumns('trips.node')}
            label={t('trips.perNode')}
            rowKey={keyOf}
            rowHeight={32}
            {...(perNode.length > 12 ? { height: 360 } : {})}
          />
          <Title order={3} size="h5">
            {t(nodes.length > 1 ? 'trips.perDayAll' : 'trips.perDay')}
          </Title>
          <DataTable
            rows={perDay}
            columns={totalsColumns('trips.day')}
            label={t('trips.perDay')}
            rowKey={keyOf}
            rowHeight={32}
          />

          <Group gap="xs" wrap="wrap" align="flex-end">
            {/* Chips, not a SegmentedControl: its indicator measures itself when it mounts, which
                made the browser lay out the whole page inside the render that brought a month's
                reports (92 ms, decision 0159). */}
            <Chip.Group value={table} onChange={setTable}>
              <Group gap={6} role="radiogroup" aria-label={t('trips.table')}>
                <Chip size="xs" value="stops">
                  {t('trips.stopsCount', { count: stops.length })}
                </Chip>
                <Chip size="xs" value="trips">
                  {t('trips.tripsCount', { count: trips.length })}
                </Chip>
              </Group>
            </Chip.Group>
            {nodes.length > 1 && (
              <NativeSelect
                size="xs"
                label={t('trips.node')}
                value={node ?? ''}
                onChange={(e) => onNode(e.currentTarget.value || undefined)}
                data={[
                  { value: '', label: t('trips.allNodes') },
                  ...nodes.map((n) => ({ value: n.nodeUuid, label: n.nodeName })),
                ]}
              />
            )}
            <NativeSelect
              size="xs"
              label={t('trips.day')}
              value={day}
              onChange={(e) => onDay(e.currentTarget.value)}
              data={[
                { value: '', label: t('trips.wholeRange') },
                ...(motion.days ?? []).map((d) => ({ value: d, label: formatDayLabel(d) })),
              ]}
            />
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                table === 'trips'
                  ? download(
                      recordsCsv(tripCsv(csvTimeZone(zone)), trips),
                      fileName('trips.file.trips'),
                    )
                  : download(
                      recordsCsv(stopCsv(csvTimeZone(zone)), stops),
                      fileName('trips.file.stops'),
                    )
              }
            >
              {t(table === 'trips' ? 'trips.exportTrips' : 'trips.exportStops')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => download(recordsCsv(totalsCsv, perDay), fileName('trips.file.totals'))}
            >
              {t('trips.exportTotals')}
            </Button>
            <CsvZoneSelect size="xs" value={zone} onChange={setZone} />
          </Group>
          {table === 'trips' ? (
            <DataTable
              rows={trips}
              columns={tripTable}
              label={t('trips.trips')}
              rowKey={keyOf}
              rowHeight={32}
              height={trips.length > 10 ? 360 : undefined}
              initialSort={{ column: t('trips.start'), direction: 'ascending' }}
            />
          ) : (
            <DataTable
              rows={stops}
              columns={stopTable}
              label={t('trips.stops')}
              rowKey={keyOf}
              rowHeight={32}
              height={stops.length > 10 ? 360 : undefined}
              initialSort={{ column: t('trips.arrived'), direction: 'ascending' }}
            />
          )}
          {trips.some((trip) => trip.gap) && table === 'trips' && (
            <Text size="xs" c="dimmed">
              {t('trips.gap')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
});

const totalsCsv: CsvColumn<TotalsRow>[] = [
  ...csvFields<TotalsRow>({ day: (r) => r.key }),
  ...motionTotalsCsv<TotalsRow>(),
];
