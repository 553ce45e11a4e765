import { useMemo } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  useEngineAnswer,
  useRangeProgress,
  type RangeHistory,
} from '../../api/history-engine/use-range-history.ts';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { download } from '../../components/download.ts';
import { t } from '../../i18n/i18n.ts';
import { exportFileName } from '../../lib/export/formats.ts';
import { recordsCsv, type CsvColumn } from '../../lib/export/records-csv.ts';
import type { DailyRow, ReportOptions } from '../../lib/history-store/protocol.ts';
import { formatDay } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { formatDegrees, formatPercent } from '../../lib/reports/format.ts';
import { motionTotalsColumns, motionTotalsCsv } from './motion-totals-columns.ts';

/**
 * The table's columns in the person's language; days read "Tue 24 Nov" in the report's zone. On
 * a phone a card names its node only when the summary holds several (one van's page says which).
 */
export function dailyColumns(timeZone: string, several = true): DataColumn<DailyRow>[] {
  return [
    {
      header: t('dailySummary.node'),
      track: 'minmax(125px, 1fr)',
      minWidth: 125,
      sticky: 'start',
      phone: several ? 'title' : 'omit',
      cell: (r) => r.nodeName,
      sort: (r) => r.nodeName,
    },
    // "Tue, Nov 24" or "di 24 nov" fits the track at the table's 16 px with the cell's padding, in
    // any language the console speaks; the ISO date is a hover away.
    {
      header: t('dailySummary.day'),
      track: '140px',
      minWidth: 140,
      phone: 'title',
      cell: (r) => <span title={r.day}>{formatDay(r.dayStart, timeZone)}</span>,
      sort: (r) => r.dayStart,
    },
    ...motionTotalsColumns<DailyRow>(['motion.distance']),
    {
      header: t('dailySummary.lowest'),
      track: '100px',
      minWidth: 100,
      align: 'end',
      phone: 'main',
      cell: (r) => formatDegrees(r.temperatureMin),
      sort: (r) => r.temperatureMin,
    },
    {
      header: t('dailySummary.highest'),
      track: '100px',
      minWidth: 100,
      align: 'end',
      phone: 'main',
      cell: (r) => formatDegrees(r.temperatureMax),
      sort: (r) => r.temperatureMax,
    },
    {
      header: t('dailySummary.inRange'),
      track: '130px',
      minWidth: 130,
      align: 'end',
      phone: 'more',
      cell: (r) => formatPercent(r.inRange),
      sort: (r) => r.inRange,
    },
    {
      header: t('dailySummary.excursions'),
      track: '150px',
      minWidth: 150,
      align: 'end',
      phone: 'more',
      cell: (r) => r.excursions,
      sort: (r) => r.excursions,
    },
  ];
}

const rowKey = (r: DailyRow) => `${r.nodeUuid}-${r.day}`;

/** A CSV column: its name is a data format, the same in every language (not a catalogue word). */
const column = (header: string, value: CsvColumn<DailyRow>['value']): CsvColumn<DailyRow> => ({
  header,
  value,
});

const csv: CsvColumn<DailyRow>[] = [
  column('node', (r) => r.nodeName),
  column('node_uuid', (r) => r.nodeUuid),
  column('day', (r) => r.day),
  ...motionTotalsCsv<DailyRow>(),
  column('temperature_min_c', (r) => r.temperatureMin),
  column('temperature_max_c', (r) => r.temperatureMax),
  column('in_range_fraction', (r) =>
    Number.isNaN(r.inRange) ? Number.NaN : Math.round(r.inRange * 10_000) / 10_000,
  ),
  column('excursions', (r) => r.excursions),
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
  const loading = useRangeProgress(history, (p) => p.status === 'loading');
  const rows = answer.data?.rows ?? [];
  const several = new Set(rows.map((r) => r.nodeUuid)).size > 1;
  const columns = useMemo(
    () => dailyColumns(options.timeZone, several),
    [options.timeZone, several],
  );
  const count = rows.length;
  return (
    <Stack gap="sm" aria-busy={!answer.settled}>
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" role="status">
          {loading ? t('dailySummary.rowsArriving', { count }) : t('dailySummary.rows', { count })}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={rows.length === 0}
          onClick={() =>
            download(recordsCsv(csv, rows), exportFileName(`${channelName} daily`, range, 'csv'))
          }
        >
          {t('dailySummary.export')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{loading ? t('dailySummary.loading') : t('dailySummary.noData')}</Text>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          label={t('dailySummary.label')}
          rowKey={rowKey}
          rowHeight={32}
          height={rows.length > 14 ? '70dvh' : undefined}
          initialSort={{ column: t('dailySummary.node'), direction: 'ascending' }}
        />
      )}
    </Stack>
  );
}
