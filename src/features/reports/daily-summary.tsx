import { Button, Group, Stack, Text } from '@mantine/core';
import { useEngineAnswer, type RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { download } from '../../components/download.ts';
import { exportFileName } from '../../lib/export/formats.ts';
import { recordsCsv, type CsvColumn } from '../../lib/export/records-csv.ts';
import type { DailyRow, ReportOptions } from '../../lib/history-store/protocol.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { formatDegrees, formatPercent } from '../../lib/reports/format.ts';
import { motionTotalsColumns, motionTotalsCsv } from './motion-totals-columns.ts';

const columns: DataColumn<DailyRow>[] = [
  {
    header: 'Node',
    track: 'minmax(125px, 1fr)',
    minWidth: 125,
    sticky: 'start',
    cell: (r) => r.nodeName,
    sort: (r) => r.nodeName,
  },
  // Wide enough for a whole date ("2026-11-24") in the table's font, at any window width.
  { header: 'Day', track: '128px', minWidth: 128, cell: (r) => r.day, sort: (r) => r.dayStart },
  ...motionTotalsColumns<DailyRow>(),
  {
    header: 'Lowest',
    track: '100px',
    minWidth: 100,
    align: 'end',
    cell: (r) => formatDegrees(r.temperatureMin),
    sort: (r) => r.temperatureMin,
  },
  {
    header: 'Highest',
    track: '100px',
    minWidth: 100,
    align: 'end',
    cell: (r) => formatDegrees(r.temperatureMax),
    sort: (r) => r.temperatureMax,
  },
  {
    header: 'In range',
    track: '110px',
    minWidth: 110,
    align: 'end',
    cell: (r) => formatPercent(r.inRange),
    sort: (r) => r.inRange,
  },
  {
    header: 'Excursions',
    track: '110px',
    minWidth: 110,
    align: 'end',
    cell: (r) => r.excursions,
    sort: (r) => r.excursions,
  },
];

const rowKey = (r: DailyRow) => `${r.nodeUuid}-${r.day}`;

const csv: CsvColumn<DailyRow>[] = [
  { header: 'node', value: (r) => r.nodeName },
  { header: 'node_uuid', value: (r) => r.nodeUuid },
  { header: 'day', value: (r) => r.day },
  ...motionTotalsCsv<DailyRow>(),
  { header: 'temperature_min_c', value: (r) => r.temperatureMin },
  { header: 'temperature_max_c', value: (r) => r.temperatureMax },
  {
    header: 'in_range_fraction',
    value: (r) => (Number.isNaN(r.inRange) ? Number.NaN : Math.round(r.inRange * 10_000) / 10_000),
  },
  { header: 'excursions', value: (r) => r.excursions },
];

/**
 * One row per node per local day (the page's time zone): distance, moving and stopped time,
 * stops, trips, silence, lowest and highest temperature, time in range and excursions.
 * Sortable by any figure, exportable as CSV.
 */
export function DailySummary({
  history,
  channelName,
  range,
  options,
}: {
  history: RangeHistory;
  channelName: string;
  range: TimeSpan;
  options: ReportOptions;
}) {
  const answer = useEngineAnswer(history, { kind: 'daily', options });
  const rows = answer.data?.rows ?? [];
  return (
    <Stack gap="sm" aria-busy={!answer.settled}>
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" role="status">
          {rows.length.toLocaleString()} {rows.length === 1 ? 'row' : 'rows'}
          {history.status === 'loading' ? ', more as days arrive' : ''}; days in {options.timeZone}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={rows.length === 0}
          onClick={() =>
            download(recordsCsv(csv, rows), exportFileName(`${channelName} daily`, range, 'csv'))
          }
        >
          Export daily summary as CSV
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">
          {history.status === 'loading' ? 'Loading…' : 'No data in this range.'}
        </Text>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          label="Daily summary"
          rowKey={rowKey}
          rowHeight={32}
          height={rows.length > 14 ? '70dvh' : undefined}
          initialSort={{ column: 'Node', direction: 'ascending' }}
        />
      )}
    </Stack>
  );
}
