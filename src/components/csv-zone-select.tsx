import { NativeSelect, type MantineSize } from '@mantine/core';
import { t } from '../i18n/i18n.ts';

/** The zone a CSV's times are written in: the page's (as the screen shows them), or UTC. */
export type CsvZone = 'page' | 'UTC';

let zone: string | undefined;
/** The page's zone, asked of Intl once: a DateTimeFormat made at every render of every export
 * menu showed in a month's profile (issue 20). */
const pageZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The IANA zone for `isoInZone` and the CSV's headers. */
export const csvTimeZone = (zone: CsvZone): string => (zone === 'UTC' ? 'UTC' : pageZone());

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
        { value: 'page', label: t('export.zone.local', { zone: pageZone() }) },
        { value: 'UTC', label: t('export.zone.utc') },
      ]}
    />
  );
}
