import { Button, Group, Text } from '@mantine/core';
import { TemperatureChart } from '../../components/chart/temperature-chart.tsx';
import { formatInstant } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import type { Series } from '../../lib/history/temperature-series.ts';
import { zoomWindow } from '../../lib/history/zoom.ts';
import { NothingYet, type Pending } from './nothing-yet.tsx';

export interface TemperaturePanelProps {
  series: readonly Series[];
  range: TimeSpan;
  window: TimeSpan;
  onWindow: (window: TimeSpan) => void;
  cursor: number | undefined;
  onCursor: (ts: number) => void;
  pending?: Pending | undefined;
}

export function TemperaturePanel({
  series,
  range,
  window,
  onWindow,
  cursor,
  onCursor,
  pending,
}: TemperaturePanelProps) {
  const whole = window.from === range.from && window.to === range.to;
  if (series.length === 0) {
    return <NothingYet what="temperatures" pending={pending} />;
  }
  return (
    <>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {whole ? 'Whole range' : `${formatInstant(window.from)} – ${formatInstant(window.to)}`} ·
          drag across the chart to zoom in
        </Text>
        <Group gap={4}>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onWindow(zoomWindow(window, range, 0.5, cursor))}
          >
            Zoom chart in
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={whole}
            onClick={() => onWindow(zoomWindow(window, range, 2, cursor))}
          >
            Zoom chart out
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={whole}
            onClick={() => onWindow(range)}
          >
            Whole range
          </Button>
        </Group>
      </Group>
      <TemperatureChart
        series={series}
        window={window}
        onZoom={onWindow}
        cursor={cursor}
        onCursor={onCursor}
      />
    </>
  );
}
