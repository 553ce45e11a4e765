import { useCallback, useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useEngineAnswer } from '../../api/history-engine/use-engine-answer.ts';
import { useRangeHistory } from '../../api/history-engine/use-range-history.ts';
import { seriesColor } from '../../components/chart/palette.ts';
import type { StopMark } from '../../components/map/stops-overlay.ts';
import { Section } from '../../components/section.tsx';
import { useConfig } from '../../config/config-context.ts';
import type { ExcursionRow } from '../../lib/history-store/protocol.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { defaultReportSettings } from '../../lib/reports/settings.ts';
import { ConnPanel } from '../../features/history/conn-panel.tsx';
import { ExportMenu } from '../../features/history/export-menu.tsx';
import { LoadProgress } from '../../features/history/load-progress.tsx';
import { RawTable } from '../../features/history/raw-table.tsx';
import { ReplayControls } from '../../features/history/replay-controls.tsx';
import { MAX_LINES, TemperaturePanel } from '../../features/history/temperature-panel.tsx';
import { TrackPanel } from '../../features/history/track-panel.tsx';
import { ColdChainPanel } from '../../features/reports/cold-chain-panel.tsx';
import { ReportSettingsForm } from '../../features/reports/report-settings-form.tsx';
import { TIMEBAR_COLUMNS, TripsPanel } from '../../features/reports/trips-panel.tsx';
import { useReportOptions } from '../../features/reports/use-report-options.ts';

/** Excursions are shown with this much of their surroundings on either side. */
const AROUND_EXCURSION_MS = 60 * 60_000;

/**
 * A channel's history over one range: temperatures with the cold-chain report, trips and stops,
 * tracks, connectivity and the raw messages, sharing one time cursor (chart, map and replay move
 * it together). Everything reads the history engine's columns (a Web Worker); the page holds
 * only what is drawn.
 */
export function RangeHistoryView({ channel, range }: { channel: ChannelRecord; range: TimeSpan }) {
  const config = useConfig();
  const history = useRangeHistory(channel.uuid, range);
  const [window, setWindow] = useState(range);
  const [cursor, setCursor] = useState<number>();
  const [settings, setSettings] = useState(defaultReportSettings);
  const [shown, setShown] = useState<string[]>([]);
  const [node, setNode] = useState<string>();

  const summary = useEngineAnswer(history, { kind: 'summary' });
  const nodeUuids = useMemo(
    () => (summary.data?.sensors ?? []).map((s) => s.nodeUuid),
    [summary.data],
  );
  const { options, notes } = useReportOptions(channel, nodeUuids, settings);
  const coldChain = useEngineAnswer(
    history,
    (summary.data?.sensors.length ?? 0) > 0 ? { kind: 'coldChain', options } : undefined,
  );
  // One answer for the timebars, tables and the stops on the map.
  const motion = useEngineAnswer(history, {
    kind: 'motion',
    window: range,
    width: TIMEBAR_COLUMNS,
    options,
  });
  const stops = useMemo((): StopMark[] => {
    const nodes = motion.data?.nodes ?? [];
    return nodes.flatMap((n, index) =>
      node !== undefined && n.nodeUuid !== node
        ? []
        : n.stops.map((s) => ({
            key: `${n.nodeUuid}-${s.start}`,
            nodeName: n.nodeName,
            lat: s.lat,
            lon: s.lon,
            start: s.start,
            end: s.end,
            color: seriesColor(index),
          })),
    );
  }, [motion.data, node]);

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
        from: Math.max(range.from, e.start - AROUND_EXCURSION_MS),
        to: Math.min(range.to, e.end + AROUND_EXCURSION_MS),
      });
      setCursor(e.start);
      setShown((current) =>
        current.includes(e.sensorUuid) ? current : [...current, e.sensorUuid],
      );
      setNode(e.nodeUuid);
    },
    [range],
  );
  const banded = (summary.data?.sensors.length ?? 0) > MAX_LINES;
  const fitKey = `${channel.uuid}|${range.from}|${range.to}`;
  const hasTemperatures = (summary.data?.sensors.length ?? 0) > 0;

  return (
    <Stack gap="md">
      <LoadProgress history={history} />
      <Section title="Temperature" busy={!summary.settled}>
        <TemperaturePanel
          history={history}
          summary={summary.data}
          coldChain={coldChain.data}
          options={options}
          range={range}
          window={window}
          onWindow={setWindow}
          cursor={cursor}
          onCursor={setCursor}
          shown={shown}
        />
      </Section>
      {hasTemperatures && (
        <Section title="Cold chain" busy={!coldChain.settled}>
          <ColdChainPanel
            loading={history.status === 'loading'}
            channelName={channel.name}
            range={range}
            answer={coldChain.data}
            notes={notes}
            shown={shown}
            onShow={onShow}
            banded={banded}
            onExcursion={onExcursion}
          />
        </Section>
      )}
      <Section title="Trips and stops" busy={!motion.settled}>
        <Stack gap="sm">
          <ReportSettingsForm settings={settings} onChange={setSettings} />
          <TripsPanel
            loading={history.status === 'loading'}
            channelName={channel.name}
            range={range}
            motion={motion.data}
            node={node}
            onNode={setNode}
          />
        </Stack>
      </Section>
      <Section title="GPS track">
        <ReplayControls window={window} cursor={cursor} onCursor={setCursor} />
        <div style={{ marginTop: 8 }}>
          <TrackPanel
            history={history}
            summary={summary.data}
            range={range}
            cursor={cursor}
            fitKey={fitKey}
            stops={stops}
            tileUrl={config.mapTileUrl}
            attribution={config.mapAttribution}
          />
        </div>
      </Section>
      <Section title="Connectivity">
        <ConnPanel history={history} />
      </Section>
      <Section title="Raw data">
        <Stack gap="sm">
          <ExportMenu channelName={channel.name} range={range} history={history} />
          <RawTable history={history} />
        </Stack>
      </Section>
    </Stack>
  );
}
