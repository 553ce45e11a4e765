import { NativeSelect, type MantineSize } from '@mantine/core';
import { t } from '../i18n/i18n.ts';
import { pageTimeZone } from '../lib/history/time-range.ts';

/** The zone a CSV's times are written in: the page's (as the screen shows them), or UTC. */
export type CsvZone = 'page' | 'UTC';

/** The IANA zone for `isoInZone` and the CSV's headers. */
export const csvTimeZone = (zone: CsvZone): string => (zone === 'UTC' ? 'UTC' : pageTimeZone());

/** Beside an export button: which zone the file's times are in (docs/i18n.md, "Dates and times"). */
export function CsvZoneSelect({
  value,
  onChange,
  size,
}: {
  value: CsvZone;
  onChange: (zone: CsvZone) => void;
  size?: MantineSize;
}) {
  return (
    <NativeSelect
      size={size}
      aria-label={t('export.zone')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value === 'UTC' ? 'UTC' : 'page')}
      data={[
        { value: 'page', label: t('export.zone.local', { zone: pageTimeZone() }) },
        { value: 'UTC', label: t('export.zone.utc') },
      ]}
    />
  );
}
