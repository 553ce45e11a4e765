import { memo, useEffect, useEffectEvent, useState } from 'react';
import { Button, Group, NativeSelect, Slider, Text } from '@mantine/core';
import { formatInstant } from '../../lib/history/format-time.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { advanceReplay, replaySpeedMessage, replaySpeeds } from '../../lib/history/zoom.ts';
import { t } from '../../i18n/i18n.ts';
import { say } from '../../i18n/message.ts';

export interface ReplayControlsProps {
  window: TimeSpan;
  cursor: number | undefined;
  onCursor: (ts: number) => void;
}

/** Plays the time cursor through the visible span: the map follows the nodes, the chart the time. */
export const ReplayControls = memo(function ReplayControls({
  window,
  cursor,
  onCursor,
}: ReplayControlsProps) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(replaySpeeds[1].value);
  const at = cursor ?? window.from;

  const step = useEffectEvent((elapsed: number) => {
    const next = advanceReplay(at, elapsed, speed, window.to);
    onCursor(Math.round(next));
    if (next >= window.to) setPlaying(false);
  });

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      step(now - last);
      last = now;
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = () => {
    if (at >= window.to || at < window.from) onCursor(window.from);
    setPlaying(true);
  };
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Button size="xs" onClick={playing ? () => setPlaying(false) : play} w={90}>
        {t(playing ? 'replay.pause' : 'replay.play')}
      </Button>
      <NativeSelect
        size="xs"
        aria-label={t('replay.speed')}
        value={String(speed)}
        onChange={(e) => setSpeed(Number(e.currentTarget.value))}
        data={replaySpeeds.map((s) => ({
          label: say(replaySpeedMessage(s.value)),
          value: String(s.value),
        }))}
      />
      <Slider
        style={{ flex: 1, minWidth: 200 }}
        min={window.from}
        max={window.to}
        step={Math.max(1000, Math.round((window.to - window.from) / 1000))}
        value={Math.min(window.to, Math.max(window.from, at))}
        onChange={onCursor}
        label={(value) => formatInstant(value)}
        thumbLabel={t('replay.position')}
        thumbValueText={(value) => formatInstant(value)}
      />
      <Text size="sm" miw={170} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatInstant(at)}
      </Text>
    </Group>
  );
});
