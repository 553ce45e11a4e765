import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatDuration, formatMinute, parseMinute } from '../../lib/history/format-time.ts';
import { pieceCount, type TimeSpan } from '../../lib/history/split-range.ts';
import {
  presetOf,
  presetRange,
  rangePresets,
  timeZoneLabel,
} from '../../lib/history/time-range.ts';
import { t } from '../../i18n/i18n.ts';

export interface RangePickerProps {
  range: TimeSpan;
  onChange: (range: TimeSpan) => void;
  now: () => number;
}

function CustomRange({ range, onChange }: Omit<RangePickerProps, 'now'>) {
  // Typed and shown in the one format of the console (the locale's), not the browser's own
  // date-time field, whose format follows the browser's language rather than the person's.
  const [from, setFrom] = useState(formatMinute(range.from));
  const [to, setTo] = useState(formatMinute(range.to));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = parseMinute(from);
    const b = parseMinute(to);
    if (a === undefined || b === undefined)
      return setError(t('range.bothFields', { example: formatMinute(range.to) }));
    if (a >= b) return setError(t('range.mustEndAfter'));
    setError(undefined);
    onChange({ from: a, to: b });
  };
  return (
    <form onSubmit={submit} aria-label={t('range.custom')}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('range.from')}
          value={from}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            setError(undefined);
          }}
          error={error ? true : undefined}
        />
        <TextInput
          label={t('range.to')}
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setError(undefined);
          }}
          error={error ? true : undefined}
        />
        <Button type="submit" variant="light">
          {t('range.show')}
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </form>
  );
}

/** Presets, a custom range and the time zone everything is shown in. */
export function RangePicker({ range, onChange, now }: RangePickerProps) {
  const active = presetOf(range);
  const requests = pieceCount(range);
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={t('range.presets')}>
        {rangePresets.map((preset) => (
          <Button
            key={preset.id}
            size="xs"
            variant={active === preset.id ? 'filled' : 'default'}
            aria-pressed={active === preset.id}
            onClick={() => onChange(presetRange(preset.id, now()))}
          >
            {t(preset.label)}
          </Button>
        ))}
      </Group>
      <CustomRange key={`${range.from}-${range.to}`} range={range} onChange={onChange} />
      <Text size="sm" c="dimmed">
        {t('range.summary', {
          duration: formatDuration(range.to - range.from + 1),
          requests,
          zone: timeZoneLabel(range.to),
        })}
      </Text>
    </Stack>
  );
}
