import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatDuration } from '../../lib/history/format-time.ts';
import { pieceCount, type TimeSpan } from '../../lib/history/split-range.ts';
import {
  fromLocalInput,
  presetOf,
  presetRange,
  rangePresets,
  timeZoneLabel,
  toLocalInput,
} from '../../lib/history/time-range.ts';

export interface RangePickerProps {
  range: TimeSpan;
  onChange: (range: TimeSpan) => void;
  now: () => number;
}

function CustomRange({ range, onChange }: Omit<RangePickerProps, 'now'>) {
  const [from, setFrom] = useState(toLocalInput(range.from));
  const [to, setTo] = useState(toLocalInput(range.to));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = fromLocalInput(from);
    const b = fromLocalInput(to);
    if (a === undefined || b === undefined)
      return setError('Enter a date and time in both fields.');
    if (a >= b) return setError('The range must end after it starts.');
    setError(undefined);
    onChange({ from: a, to: b });
  };
  return (
    <form onSubmit={submit} aria-label="Custom range">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          type="datetime-local"
          label="From"
          value={from}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            setError(undefined);
          }}
          error={error ? true : undefined}
        />
        <TextInput
          type="datetime-local"
          label="To"
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setError(undefined);
          }}
          error={error ? true : undefined}
        />
        <Button type="submit" variant="light">
          Show range
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
      <Group gap="xs" role="group" aria-label="Time range presets">
        {rangePresets.map((preset) => (
          <Button
            key={preset.id}
            size="xs"
            variant={active === preset.id ? 'filled' : 'default'}
            aria-pressed={active === preset.id}
            onClick={() => onChange(presetRange(preset.id, now()))}
          >
            {preset.label}
          </Button>
        ))}
      </Group>
      <CustomRange key={`${range.from}-${range.to}`} range={range} onChange={onChange} />
      <Text size="sm" c="dimmed">
        {formatDuration(range.to - range.from + 1)} in {requests}{' '}
        {requests === 1 ? 'request' : 'requests'} of at most one day · times in{' '}
        {timeZoneLabel(range.to)}
      </Text>
    </Stack>
  );
}
