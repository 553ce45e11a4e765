import type { DataColumn } from '../../components/data-table/data-table.tsx';
import { csvFields, type CsvColumn } from '../../lib/export/records-csv.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';
import type { MotionTotals } from '../../lib/history-store/protocol.ts';
import { formatDuration } from '../../lib/history/format-time.ts';
import { formatCount, formatKm } from '../../lib/reports/format.ts';

/**
 * The figures of trips and stops over a span (a node's range, a day), as table columns; on a
 * phone the `shown` ones are on the card, the rest a tap away.
 */
export function motionTotalsColumns<R extends MotionTotals>(
  shown: readonly MessageId[] = ['motion.distance', 'motion.moving', 'motion.stops'],
): DataColumn<R>[] {
  const figure = (
    header: MessageId,
    track: number,
    cell: (row: R) => string,
    sort: (row: R) => number,
  ): DataColumn<R> => ({
    header: t(header),
    track: `${track}px`,
    minWidth: track,
    align: 'end',
    phone: shown.includes(header) ? 'main' : 'more',
    cell,
    sort,
  });
  return [
    figure(
      'motion.distance',
      115,
      (r) => formatKm(r.distanceM),
      (r) => r.distanceM,
    ),
    figure(
      'motion.moving',
      125,
      (r) => formatDuration(r.movingMs),
      (r) => r.movingMs,
    ),
    figure(
      'motion.stopped',
      125,
      (r) => formatDuration(r.stopMs),
      (r) => r.stopMs,
    ),
    figure(
      'motion.stops',
      90,
      (r) => formatCount(r.stops),
      (r) => r.stops,
    ),
    figure(
      'motion.trips',
      90,
      (r) => formatCount(r.trips),
      (r) => r.trips,
    ),
    figure(
      'motion.silent',
      125,
      (r) => formatDuration(r.silentMs),
      (r) => r.silentMs,
    ),
  ];
}

/** The same figures as CSV fields: metres and whole seconds. */
export function motionTotalsCsv<R extends MotionTotals>(): CsvColumn<R>[] {
  return csvFields<R>({
    distance_m: (r) => Math.round(r.distanceM),
    moving_s: (r) => Math.round(r.movingMs / 1000),
    stopped_s: (r) => Math.round(r.stopMs / 1000),
    stops: (r) => r.stops,
    trips: (r) => r.trips,
    silent_s: (r) => Math.round(r.silentMs / 1000),
  });
}
