import { Text } from '@mantine/core';
import { t } from '../i18n/i18n.ts';
import { timeZoneLabel } from '../lib/history/time-range.ts';

/**
 * "Times in Europe/Amsterdam (UTC+01:00)": the one place a page names its time zone, so that
 * every time on it reads in the same short format (formatInstant) without a zone of its own.
 */
export function timesInWords(at: number = Date.now()): string {
  return t('zone.timesIn', { zone: timeZoneLabel(at) });
}

/** The zone note as a quiet line, under a table or a list of times. */
export function TimesIn({ at }: { at?: number }) {
  return (
    <Text size="xs" c="dimmed">
      {timesInWords(at)}
    </Text>
  );
}
