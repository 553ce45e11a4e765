import type { DataColumn } from '../../components/data-table/data-table.tsx';
import type { CsvColumn } from '../../lib/export/records-csv.ts';
import type { MotionTotals } from '../../lib/history-store/protocol.ts';
import { formatDuration } from '../../lib/history/format-time.ts';
import { formatKm } from '../../lib/reports/format.ts';

/** The figures of trips and stops over a span (a node's range, a day), as table columns. */
export function motionTotalsColumns<R extends MotionTotals>(): DataColumn<R>[] {
  const figure = (
    header: string,
    track: number,
    cell: (row: R) => string,
    sort: (row: R) => number,
  ): DataColumn<R> => ({ header, track: `${track}px`, minWidth: track, align: 'end', cell, sort });
  return [
    figure(
      'Distance',
      115,
      (r) => formatKm(r.distanceM),
      (r) => r.distanceM,
    ),
    figure(
      'Moving',
      125,
      (r) => formatDuration(r.movingMs),
      (r) => r.movingMs,
    ),
    figure(
      'Stopped',
      125,
      (r) => formatDuration(r.stopMs),
      (r) => r.stopMs,
    ),
    figure(
      'Stops',
      90,
      (r) => r.stops.toLocaleString(),
      (r) => r.stops,
    ),
    figure(
      'Trips',
      90,
      (r) => r.trips.toLocaleString(),
      (r) => r.trips,
    ),
    figure(
      'Silent',
      125,
      (r) => formatDuration(r.silentMs),
      (r) => r.silentMs,
    ),
  ];
}

/** The same figures as CSV fields: metres and whole seconds. */
export function motionTotalsCsv<R extends MotionTotals>(): CsvColumn<R>[] {
  return [
    { header: 'distance_m', value: (r) => Math.round(r.distanceM) },
    { header: 'moving_s', value: (r) => Math.round(r.movingMs / 1000) },
    { header: 'stopped_s', value: (r) => Math.round(r.stopMs / 1000) },
    { header: 'stops', value: (r) => r.stops },
    { header: 'trips', value: (r) => r.trips },
    { header: 'silent_s', value: (r) => Math.round(r.silentMs / 1000) },
  ];
}
