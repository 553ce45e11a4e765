import { useState } from 'react';
import { Button, Group, Slider, Text } from '@mantine/core';
import { t } from '../../i18n/i18n.ts';
import { formatInstant } from '../../lib/history/format-time.ts';

const WEEK = 7 * 86_400_000;
const STEP = 15 * 60_000;

export interface MomentSliderProps {
  /** The past moment shown, or undefined for live positions. */
  moment: number | undefined;
  onMoment: (moment: number | undefined) => void;
  now: number;
}

/**
 * Where were the nodes at a past moment? Up to a week back; the right end is live. Times read
 * as everywhere else; the page names the zone once (its status line).
 */
export function MomentSlider({ moment, onMoment, now }: MomentSliderProps) {
  const max = Math.floor(now / STEP) * STEP;
  const [dragging, setDragging] = useState<number>();
  const shown = dragging ?? moment ?? max;
  const commit = (value: number) => {
    setDragging(undefined);
    onMoment(value >= max ? undefined : value);
  };
  const words = (value: number) => (value >= max ? t('fleetMap.slider.now') : formatInstant(value));
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Text size="sm" miw={240}>
        {moment === undefined && dragging === undefined
          ? t('fleetMap.slider.live')
          : t('fleetMap.slider.at', { at: formatInstant(shown) })}
      </Text>
      <Slider
        style={{ flex: 1, minWidth: 220 }}
        min={max - WEEK}
        max={max}
        step={STEP}
        value={Math.max(max - WEEK, Math.min(max, shown))}
        onChange={setDragging}
        onChangeEnd={commit}
        label={words}
        thumbLabel={t('fleetMap.slider.thumb')}
        // Read out as a time, not as the epoch milliseconds of aria-valuenow.
        thumbValueText={words}
      />
      <Button
        size="xs"
        variant="default"
        disabled={moment === undefined}
        onClick={() => onMoment(undefined)}
      >
        {t('fleetMap.slider.back')}
      </Button>
    </Group>
  );
}
