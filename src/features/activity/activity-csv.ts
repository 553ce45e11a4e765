import type { AuditEntry } from '../../../contract/audit.ts';
import { differenceLine } from '../../lib/audit/describe-entry.ts';
import { isoInZone } from '../../lib/export/formats.ts';
import { recordsCsv } from '../../lib/export/records-csv.ts';

/**
 * The audit trail as CSV: times in `timeZone` with their offset (the first column names the
 * zone, as the history export does), field names as the API names them, and the difference in
 * one readable cell ("temperature.max: 8 → 6").
 */
export function activityCsv(entries: readonly AuditEntry[], timeZone: string): Blob {
  return recordsCsv<AuditEntry>(
    [
      { header: `time (${timeZone})`, value: (e) => isoInZone(e.at, timeZone) },
      { header: 'actor', value: (e) => e.actor },
      { header: 'origin', value: (e) => e.origin },
      { header: 'kind', value: (e) => e.kind },
      { header: 'tenant', value: (e) => e.tenant },
      { header: 'channelName', value: (e) => e.channel?.name },
      { header: 'channelUuid', value: (e) => e.channel?.uuid },
      { header: 'memberName', value: (e) => e.member?.name },
      { header: 'subject', value: (e) => e.subject },
      { header: 'change', value: (e) => differenceLine(e.before, e.after) },
      { header: 'result', value: (e) => e.result },
    ],
    entries,
  );
}
