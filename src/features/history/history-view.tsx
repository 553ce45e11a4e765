import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { connChanges } from '../../lib/history/conn-changes.ts';
import { gpsTracks } from '../../lib/history/gps-track.ts';
import type { PieceLoader } from '../../lib/history/load-pieces.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { temperatureSeries } from '../../lib/history/temperature-series.ts';
import { ConnPanel } from './conn-panel.tsx';
import { ExportMenu } from './export-menu.tsx';
import { LoadProgress } from './load-progress.tsx';
import { RawTable } from './raw-table.tsx';
import { ReplayControls } from './replay-controls.tsx';
import { TemperaturePanel } from './temperature-panel.tsx';
import { TrackPanel } from './track-panel.tsx';
import type { RangeHistory } from './use-range-history.ts';

export interface HistoryViewProps {
  channelName: string;
  range: TimeSpan;
  history: RangeHistory;
  loadPiece: PieceLoader;
  tileUrl?: string | undefined;
  attribution?: string | undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `history-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * A channel's history over one range: temperatures, tracks, connectivity and the raw messages,
 * sharing one time cursor (chart, map and replay move it together).
 */
export function HistoryView({
  channelName,
  range,
  history,
  loadPiece,
  tileUrl,
  attribution,
}: HistoryViewProps) {
  const items = useDeferredValue(history.items);
  const series = useMemo(() => temperatureSeries(items), [items]);
  const tracks = useMemo(() => gpsTracks(items), [items]);
  const changes = useMemo(() => connChanges(items), [items]);
  const skipped = useMemo(() => {
    const positions = tracks.reduce((n, t) => n + t.points.length, 0);
    return items.reduce((n, item) => n + (item.type === 'GPS' ? 1 : 0), 0) - positions;
  }, [items, tracks]);
  const [window, setWindow] = useState(range);
  const [cursor, setCursor] = useState<number>();
  const fitKey = `${channelName}|${range.from}|${range.to}`;
  const pending =
    history.status === 'loading' ? { done: history.done, total: history.pieces.length } : undefined;

  return (
    <Stack gap="md">
      <LoadProgress history={history} />
      <Section title="Temperature">
        <TemperaturePanel
          series={series}
          range={range}
          window={window}
          onWindow={setWindow}
          cursor={cursor}
          onCursor={setCursor}
          pending={pending}
        />
      </Section>
      <Section title="GPS track">
        {tracks.length > 0 && (
          <ReplayControls window={window} cursor={cursor} onCursor={setCursor} />
        )}
        <div style={{ marginTop: 8 }}>
          <TrackPanel
            tracks={tracks}
            skipped={skipped}
            range={range}
            cursor={cursor}
            fitKey={fitKey}
            pending={pending}
            tileUrl={tileUrl}
            attribution={attribution}
          />
        </div>
      </Section>
      <Section title="Connectivity">
        <ConnPanel changes={changes} pending={pending} />
      </Section>
      <Section title="Raw data">
        <Stack gap="sm">
          <ExportMenu
            channelName={channelName}
            range={range}
            pieces={history.pieces}
            loadPiece={loadPiece}
          />
          <RawTable items={items} pending={pending} />
        </Stack>
      </Section>
    </Stack>
  );
}
