import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { CsvZoneSelect, csvTimeZone, type CsvZone } from '../../components/csv-zone-select.tsx';
import { download } from '../../components/download.ts';
import { exportFileName } from '../../lib/export/formats.ts';
import { csvFields, csvTime, recordsCsv, type CsvColumn } from '../../lib/export/records-csv.ts';
import { t } from '../../i18n/i18n.ts';
import { tNodes } from '../../i18n/t-nodes.ts';
import type {
  ColdChainAnswer,
  ExcursionRow,
  SensorColdChain,
} from '../../lib/history-store/protocol.ts';
import { formatDuration, formatInstant } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { formatCount, formatDegrees, formatPercent } from '../../lib/reports/format.ts';
import { noPlaces, type PlaceBook } from '../../lib/reports/place-book.ts';
import { PlaceName } from '../../components/place-name.tsx';
import { limitsText } from '../../lib/reports/limits-text.ts';

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
  /** The channel viewed: its page holds the form that sets limits (issue 34). */
  channelUuid?: string;
}

const sourceText = (s: SensorColdChain) =>
  !s.limits
    ? t('coldChain.source.none')
    : s.limits.conflict
      ? t('coldChain.source.conflict', { groups: s.limits.from.join(', ') })
      : t('coldChain.source', {
          limits: limitsText(s.limits),
          // A group's names, or where the limits were set (the property's holder), as is.
          source: s.limits.source === 'group' ? s.limits.from.join(', ') : s.limits.source,
        });

const sensorKey = (s: SensorColdChain) => s.sensorUuid;
const excursionKey = (e: ExcursionRow) => `${e.sensorUuid}-${e.start}`;
const sideText = (e: ExcursionRow) =>
  t(e.side === 'above' ? 'coldChain.side.above' : 'coldChain.side.below');

function endText(e: ExcursionRow): string {
  const end = formatInstant(e.end);
  if (e.ongoing) return t('coldChain.end.ongoing', { end });
  if (e.gap) return t('coldChain.end.gap', { end });
  return end;
}

/** Times in `timeZone` with the offset, as the person picked beside the button. */
const excursionCsv = (places: PlaceBook, timeZone: string): CsvColumn<ExcursionRow>[] => [
  ...csvFields<ExcursionRow>({ node: (e) => e.nodeName }),
  csvTime<ExcursionRow>('start', timeZone, (e) => e.start),
  csvTime<ExcursionRow>('end', timeZone, (e) => e.end),
  ...csvFields<ExcursionRow>({
    duration_s: (e) => Math.round((e.end - e.start) / 1000),
    side: (e) => e.side,
    peak_c: (e) => e.peak,
  }),
  csvTime<ExcursionRow>('peak_time', timeZone, (e) => e.peakTs),
  ...csvFields<ExcursionRow>({
    limit_min_c: (e) => e.limits.min,
    limit_max_c: (e) => e.limits.max,
    place: (e) => places.nameAt(e.nodeUuid, e.lat, e.lon) ?? '',
    lat: (e) => e.lat,
    lon: (e) => e.lon,
  }),
  csvTime<ExcursionRow>('position_time', timeZone, (e) => e.positionTs),
  ...csvFields<ExcursionRow>({
    ongoing: (e) => e.ongoing,
    ended_by_missing_readings: (e) => e.gap,
  }),
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
  channelUuid,
}: ColdChainPanelProps) {
  // Thousands of excursions: rendered in the background, so the page keeps responding.
  const answer = useDeferredValue(current);
  const [zone, setZone] = useState<CsvZone>('page');
  const sensorColumns = useMemo((): DataColumn<SensorColdChain>[] => {
    const columns: DataColumn<SensorColdChain>[] = [
      {
        header: t('coldChain.sensor'),
        track: 'minmax(170px, 1fr)',
        minWidth: 170,
        sticky: 'start',
        phone: 'title',
        cell: (s) => s.label,
        sort: (s) => s.label,
      },
      {
        header: t('coldChain.limits'),
        track: 'minmax(235px, 1.4fr)',
        minWidth: 235,
        phone: 'more',
        cell: sourceText,
      },
      {
        header: t('coldChain.inRange'),
        track: '110px',
        minWidth: 110,
        align: 'end',
        phone: 'main',
        cell: (s) => formatPercent(s.inRange),
        sort: (s) => s.inRange,
      },
      {
        header: t('coldChain.excursions'),
        track: '110px',
        minWidth: 110,
        align: 'end',
        phone: 'main',
        cell: (s) => formatCount(s.excursions),
        sort: (s) => s.excursions,
      },
      {
        header: t('coldChain.longest'),
        track: '125px',
        minWidth: 125,
        align: 'end',
        phone: 'main',
        cell: (s) => (s.longestMs > 0 ? formatDuration(s.longestMs) : '–'),
        sort: (s) => s.longestMs,
      },
      {
        header: t('coldChain.lowest'),
        track: '100px',
        minWidth: 100,
        align: 'end',
        phone: 'more',
        cell: (s) => formatDegrees(s.min),
        sort: (s) => s.min,
      },
      {
        header: t('coldChain.mean'),
        track: '100px',
        minWidth: 100,
        align: 'end',
        phone: 'more',
        cell: (s) => formatDegrees(s.mean),
        sort: (s) => s.mean,
      },
      {
        header: t('coldChain.highest'),
        track: '100px',
        minWidth: 100,
        align: 'end',
        phone: 'more',
        cell: (s) => formatDegrees(s.max),
        sort: (s) => s.max,
      },
    ];
    if (banded) {
      columns.push({
        header: t('coldChain.ownLine'),
        hideHeader: true,
        sticky: 'end',
        track: '120px',
        minWidth: 120,
        cell: (s) => {
          const on = shown.includes(s.sensorUuid);
          const action = on ? 'coldChain.hideLine' : 'coldChain.showLine';
          return (
            <Button
              size="compact-xs"
              variant={on ? 'filled' : 'default'}
              aria-pressed={on}
              aria-label={t('coldChain.lineOf', { action: t(action), sensor: s.label })}
              onClick={() => onShow(s.sensorUuid, !on)}
            >
              {t(action)}
            </Button>
          );
        },
      });
    }
    return columns;
  }, [banded, shown, onShow]);

  // At 1280 px the panel holds about 990 px: every column of an excursion fits (980 px).
  const excursionColumns = useMemo(
    (): DataColumn<ExcursionRow>[] => [
      {
        header: t('coldChain.node'),
        track: 'minmax(110px, 1fr)',
        minWidth: 110,
        sticky: 'start',
        phone: 'title',
        cell: (e) => e.nodeName,
        sort: (e) => e.nodeName,
      },
      {
        header: t('coldChain.start'),
        track: 'minmax(190px, 235px)',
        minWidth: 190,
        phone: 'title',
        cell: (e) => formatInstant(e.start),
        sort: (e) => e.start,
      },
      {
        header: t('coldChain.end'),
        track: 'minmax(190px, 1.2fr)',
        minWidth: 190,
        phone: 'more',
        cell: endText,
        sort: (e) => e.end,
      },
      {
        header: t('coldChain.duration'),
        track: '100px',
        minWidth: 100,
        align: 'end',
        phone: 'main',
        cell: (e) => formatDuration(e.end - e.start),
        sort: (e) => e.end - e.start,
      },
      {
        header: t('coldChain.peak'),
        track: 'minmax(150px, 175px)',
        minWidth: 150,
        align: 'end',
        phone: 'main',
        cell: (e) => t('coldChain.peakSide', { peak: formatDegrees(e.peak), side: sideText(e) }),
        sort: (e) =>
          e.side === 'above' ? e.peak - (e.limits.max ?? 0) : (e.limits.min ?? 0) - e.peak,
      },
      {
        header: t('coldChain.where'),
        track: 'minmax(150px, 1fr)',
        minWidth: 150,
        phone: 'main',
        cell: (e) => (
          <PlaceName name={places.nameAt(e.nodeUuid, e.lat, e.lon)} lat={e.lat} lon={e.lon} />
        ),
      },
      {
        header: t('coldChain.show'),
        hideHeader: true,
        sticky: 'end',
        track: '90px',
        minWidth: 90,
        cell: (e) => (
          <Button
            size="compact-xs"
            variant="default"
            aria-label={t('coldChain.showExcursion', {
              node: e.nodeName,
              time: formatInstant(e.start),
            })}
            onClick={() => onExcursion(e)}
          >
            {t('coldChain.show')}
          </Button>
        ),
      },
    ],
    [onExcursion, places],
  );

  if (!answer) {
    return <Text c="dimmed">{t(loading ? 'coldChain.waiting' : 'coldChain.checking')}</Text>;
  }
  const withLimits = answer.sensors.filter((s) => s.limits && !s.limits.conflict);
  const fileName = exportFileName(t('coldChain.fileName', { name: channelName }), range, 'csv');
  return (
    <Stack gap="sm">
      {[...answer.problems, ...notes].length > 0 && (
        <Alert color="yellow" variant="light" title={t('coldChain.problems')}>
          {[...answer.problems, ...notes].map((problem) => (
            <Text size="sm" key={problem}>
              {problem}
            </Text>
          ))}
        </Alert>
      )}
      {answer.sensors.length === 0 ? (
        <Text c="dimmed">{t('coldChain.noTemperatures')}</Text>
      ) : withLimits.length === 0 ? (
        <Text c="dimmed">
          {tNodes('coldChain.noLimits', {
            name: channelName,
            link: (chunks) =>
              channelUuid === undefined ? (
                chunks
              ) : (
                <Anchor component={Link} to={paths.channel.href(channelUuid)} underline="always">
                  {chunks}
                </Anchor>
              ),
          })}
        </Text>
      ) : (
        <Text role="status" aria-label={t('coldChain.timeInRange')}>
          {t(loading ? 'coldChain.summarySoFar' : 'coldChain.summary', {
            percent: formatPercent(answer.groupInRange),
            sensors: withLimits.length,
            excursions: answer.excursions.length,
          })}
        </Text>
      )}
      {answer.sensors.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('coldChain.perSensor')}
          </Title>
          <DataTable
            rows={answer.sensors}
            columns={sensorColumns}
            label={t('coldChain.perSensorLabel')}
            rowKey={sensorKey}
            rowHeight={36}
            initialSort={{ column: t('coldChain.inRange'), direction: 'ascending' }}
            {...(answer.sensors.length > 10 ? { height: 400 } : {})}
          />
        </>
      )}
      {withLimits.length > 0 && (
        <>
          <Group justify="space-between" align="flex-end">
            <Title order={3} size="h5">
              {t('coldChain.excursions')}
            </Title>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={answer.excursions.length === 0}
                onClick={() =>
                  download(
                    recordsCsv(excursionCsv(places, csvTimeZone(zone)), answer.excursions),
                    fileName,
                  )
                }
              >
                {t('coldChain.export')}
              </Button>
              <CsvZoneSelect size="xs" value={zone} onChange={setZone} />
            </Group>
          </Group>
          {answer.excursions.length === 0 ? (
            <Text c="dimmed">{t('coldChain.allWithin')}</Text>
          ) : (
            <DataTable
              rows={answer.excursions}
              columns={excursionColumns}
              label={t('coldChain.excursions')}
              rowKey={excursionKey}
              rowHeight={36}
              initialSort={{ column: t('coldChain.duration'), direction: 'descending' }}
              {...(answer.excursions.length > 10 ? { height: 400 } : {})}
            />
          )}
        </>
      )}
    </Stack>
  );
});
