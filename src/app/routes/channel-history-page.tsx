import { useCallback, useMemo, useState } from 'react';
import { Anchor, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import {
  useEngineAnswer,
  useRangeHistory,
  useRangeProgress,
} from '../../api/history-engine/use-range-history.ts';
import { seriesColor } from '../../components/chart/palette.ts';
import type { StopMark } from '../../components/map/stops-overlay.ts';
import { LiveBadge, liveSentence } from '../../components/live-badge.tsx';
import { t } from '../../i18n/i18n.ts';
import { Section, sectionHeadingId } from '../../components/section.tsx';
import { focusHeading } from '../../components/move-focus.ts';
import { useConfig } from '../../config/config-context.ts';
import type { ExcursionRow } from '../../lib/history-store/protocol.ts';
import { formatDay } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { defaultReportSettings } from '../../lib/reports/settings.ts';
import { ConnPanel } from '../../features/history/conn-panel.tsx';
import { ExportMenu } from '../../features/history/export-menu.tsx';
import { LoadProgress } from '../../features/history/load-progress.tsx';
import { RawTable } from '../../features/history/raw-table.tsx';
import { ReplayControls } from '../../features/history/replay-controls.tsx';
import { MAX_LINES, TemperaturePanel } from '../../features/history/temperature-panel.tsx';
import { TrackPanel } from '../../features/history/track-panel.tsx';
import { useFollowLive } from '../../features/history/use-follow-live.ts';
import { ColdChainPanel } from '../../features/reports/cold-chain-panel.tsx';
import { ReportSettingsForm } from '../../features/reports/report-settings-form.tsx';
import {
  dayBoundsOf,
  touchesDay,
  TIMEBAR_COLUMNS,
  TripsPanel,
} from '../../features/reports/trips-panel.tsx';
import { useReportOptions } from '../../api/use-report-options.ts';
import { paths } from '../../lib/paths.ts';
import { ChannelRangeFrame } from './channel-range-frame.tsx';

export { loader } from './channel-range-frame.tsx';

/** Excursions are shown with this much of their surroundings on either side. */
const AROUND_EXCURSION_MS = 60 * 60_000;

/**
 * A channel's history over one range: temperatures with the cold-chain report, trips and stops,
 * tracks, connectivity and the raw messages, sharing one time cursor (chart, map and replay move
 * it together). Everything reads the history engine's columns (a Web Worker); the page holds
 * only what is drawn.
 */
function RangeHistoryView({ channel, range }: { channel: ChannelRecord; range: TimeSpan }) {
  const config = useConfig();
  const history = useRangeHistory(channel.uuid, range);
  const loading = useRangeProgress(history, (p) => p.status === 'loading');
  const [following, setFollowing] = useState(false);
  const follow = useFollowLive(channel.uuid, history, range, following);
  // Following, the range keeps its start (and its key in the engine) and ends at the newest
  // reading; the URL keeps the instants it was opened with.
  const followedTo = following ? follow.to : range.to;
  const span = useMemo(() => ({ from: range.from, to: followedTo }), [range.from, followedTo]);
  // The chart's window is the whole range (moving with it while following) until the person
  // zooms or picks an excursion.
  const [chosenWindow, setWindow] = useState<TimeSpan>();
  const window = chosenWindow ?? span;
  const [cursor, setCursor] = useState<number>();
  const [settings, setSettings] = useState(defaultReportSettings);
  const [shown, setShown] = useState<string[]>([]);
  const [node, setNode] = useState<string>();

  const summary = useEngineAnswer(history, { kind: 'summary' });
  const nodeUuids = useMemo(
    () => (summary.data?.sensors ?? []).map((s) => s.nodeUuid),
    [summary.data],
  );
  const { options, notes, places } = useReportOptions(channel, nodeUuids, settings);
  const coldChain = useEngineAnswer(
    history,
    (summary.data?.sensors.length ?? 0) > 0 ? { kind: 'coldChain', options } : undefined,
  );
  // One answer for the timebars, tables and the stops on the map.
  const motion = useEngineAnswer(history, {
    kind: 'motion',
    window: span,
    width: TIMEBAR_COLUMNS,
    options,
  });
  // A day picked for stops narrows the map to that day: its stops and its part of the tracks.
  const [day, setDay] = useState('');
  const dayBounds = useMemo(() => dayBoundsOf(motion.data, day), [motion.data, day]);
  const daySpan = useMemo(
    () => (dayBounds ? { from: dayBounds.start, to: dayBounds.end } : undefined),
    [dayBounds],
  );
  const stops = useMemo((): StopMark[] => {
    const nodes = motion.data?.nodes ?? [];
    return nodes.flatMap((n, index) =>
      node !== undefined && n.nodeUuid !== node
        ? []
        : n.stops
            .filter((s) => touchesDay(dayBounds, s))
            .map((s) => ({
              key: `${n.nodeUuid}-${s.start}`,
              nodeName: n.nodeName,
              lat: s.lat,
              lon: s.lon,
              start: s.start,
              end: s.end,
              color: seriesColor(index),
            })),
    );
  }, [motion.data, node, dayBounds]);

  const onShow = useCallback(
    (sensorUuid: string, show: boolean) =>
      setShown((current) =>
        show ? [...current, sensorUuid] : current.filter((uuid) => uuid !== sensorUuid),
      ),
    [],
  );
  const onExcursion = useCallback(
    (e: ExcursionRow) => {
      setWindow({
        from: Math.max(span.from, e.start - AROUND_EXCURSION_MS),
        to: Math.min(span.to, e.end + AROUND_EXCURSION_MS),
      });
      setCursor(e.start);
      setShown((current) =>
        current.includes(e.sensorUuid) ? current : [...current, e.sensorUuid],
      );
      setNode(e.nodeUuid);
      // The chart is sections above the table: take the person there, so that the zoom is seen.
      const heading = document.getElementById(sectionHeadingId(t('readings.section.temperature')));
      heading?.scrollIntoView({ block: 'start' });
      focusHeading(heading);
    },
    [span],
  );
  const banded = (summary.data?.sensors.length ?? 0) > MAX_LINES;
  const fitKey = `${channel.uuid}|${range.from}|${range.to}|${day}`;
  const hasTemperatures = (summary.data?.sensors.length ?? 0) > 0;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Switch
          label={t('readings.followLive')}
          checked={following}
          disabled={!follow.followable}
          onChange={(e) => setFollowing(e.currentTarget.checked)}
          description={t(follow.followable ? 'readings.followLive.on' : 'readings.followLive.off')}
        />
        {following && <LiveBadge mode={follow.mode} />}
      </Group>
      {following && (
        <Text size="sm" c="dimmed">
          {liveSentence(follow.mode)}
        </Text>
      )}
      <LoadProgress history={history} />
      <Section title={t('readings.section.temperature')} busy={!summary.settled}>
        <TemperaturePanel
          history={history}
          summary={summary.data}
          coldChain={coldChain.data}
          options={options}
          range={span}
          window={window}
          onWindow={setWindow}
          cursor={cursor}
          onCursor={setCursor}
          shown={shown}
        />
      </Section>
      {hasTemperatures && (
        <Section title={t('readings.section.coldChain')} busy={!coldChain.settled}>
          <ColdChainPanel
            loading={loading}
            channelName={channel.name}
            channelUuid={channel.uuid}
            range={span}
            answer={coldChain.data}
            notes={notes}
            shown={shown}
            onShow={onShow}
            banded={banded}
            onExcursion={onExcursion}
            places={places}
          />
        </Section>
      )}
      <Section title={t('readings.section.trips')} busy={!motion.settled}>
        <Stack gap="sm">
          <ReportSettingsForm settings={settings} onChange={setSettings} />
          <TripsPanel
            loading={loading}
            channelName={channel.name}
            range={span}
            motion={motion.data}
            node={node}
            onNode={setNode}
            day={day}
            onDay={setDay}
            places={places}
          />
        </Stack>
      </Section>
      <Section title={t('readings.section.track')}>
        {dayBounds && (
          // The day is picked sections above, in Trips and stops: the map says which day it
          // shows, and the way back to the range, where the person looks.
          <Group gap="xs" wrap="wrap" mb="xs">
            <Text size="sm">{t('history.dayShown', { day: formatDay(dayBounds.start) })}</Text>
            <Button size="compact-sm" variant="light" onClick={() => setDay('')}>
              {t('history.showWholeRange')}
            </Button>
          </Group>
        )}
        <ReplayControls window={window} cursor={cursor} onCursor={setCursor} />
        <div style={{ marginTop: 8 }}>
          <TrackPanel
            history={history}
            summary={summary.data}
            range={span}
            cursor={cursor}
            fitKey={fitKey}
            stops={stops}
            within={daySpan}
            tileUrl={config.mapTileUrl}
            attribution={config.mapAttribution}
          />
        </div>
      </Section>
      <Section title={t('readings.section.connectivity')}>
        <ConnPanel history={history} />
      </Section>
      <Section title={t('readings.section.raw')}>
        <Stack gap="sm">
          <ExportMenu channelName={channel.name} range={span} history={history} />
          <RawTable history={history} />
        </Stack>
      </Section>
    </Stack>
  );
}

/** /channels/:channelUuid/history?from=…&to=… — charts, tracks, reports and raw data of any range. */
export function Component() {
  return (
    <ChannelRangeFrame
      title={(channel) => t('readings.title', { name: channel.name })}
      preset="24h"
      links={(channel, range) => (
        <Anchor component={Link} to={paths.dailySummary.href(channel.uuid, range)}>
          {t('readings.dailySummary')}
        </Anchor>
      )}
    >
      {(channel, range) => (
        <RangeHistoryView
          key={`${channel.uuid}|${range.from}|${range.to}`}
          channel={channel}
          range={range}
        />
      )}
    </ChannelRangeFrame>
  );
}
