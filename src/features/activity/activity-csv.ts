import type { AuditEntry } from '../../../contract/audit.ts';
import { differenceLine } from '../../lib/audit/describe-entry.ts';
import { isoInZone } from '../../lib/export/formats.ts';
import { recordsCsv } from '../../lib/export/records-csv.ts';

/**
 * The audit trail as CSV: times in `timeZone` with their offset (the first column names the
 * zone, as the history export does), field names as the API names them, and the difference in
 * one readable cell ("temperature.max: 8 → 6").
 */
/** CSV columns after the time: field names as the API names them (not words, so not translated). */
const columns = {
  actor: (e: AuditEntry) => e.actor,
  origin: (e: AuditEntry) => e.origin,
  kind: (e: AuditEntry) => e.kind,
  tenant: (e: AuditEntry) => e.tenant,
  channelName: (e: AuditEntry) => e.channel?.name,
  channelUuid: (e: AuditEntry) => e.channel?.uuid,
  memberName: (e: AuditEntry) => e.member?.name,
  subject: (e: AuditEntry) => e.subject,
  change: (e: AuditEntry) => differenceLine(e.before, e.after),
  result: (e: AuditEntry) => e.result,
};

export function activityCsv(entries: readonly AuditEntry[], timeZone: string): Blob {
  const time = `time (${timeZone})`;
  return recordsCsv<AuditEntry>(
    [
      { header: time, value: (e) => isoInZone(e.at, timeZone) },
      ...Object.entries(columns).map(([header, value]) => ({ header, value })),
    ],
    entries,
  );
}
