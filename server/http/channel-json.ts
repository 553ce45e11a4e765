import type { ChannelSummary } from '../store/channels.ts';

/** The fields each operation of section 4 lists for its channel records. */
export type RecordFields = 'full' | 'member' | 'created' | 'commissioned';

/**
 * Serializes a channel record as JSON text. Properties are stored as validated JSON text and are
 * spliced in as they are, which keeps listings of many thousand channels cheap. Every record
 * carries our `tenant` extension (docs/decisions/0008-channels-and-data.md, "Tenant on channel records"): the console's
 * permission checks need the tenant a channel belongs to, which section 2.1 does not give.
 */
export function recordJson(row: ChannelSummary, fields: RecordFields): string {
  let json =
    `{"uuid":"${row.uuid}","channelType":"${row.type}","name":${jsonString(row.name)}` +
    `,"tenant":${jsonString(row.tenant)}`;
  const hasSerial = row.type === 'NODE' || row.type === 'GATEWAY';
  if ((fields === 'full' || fields === 'commissioned') && hasSerial && row.reference !== null) {
    json += `,"reference":${jsonString(row.reference)}`;
  }
  json += `,"active":${row.active}`;
  if (fields === 'full' || fields === 'member') json += `,"pushInterval":${row.pushInterval}`;
  if (fields === 'full') {
    if (row.pushUrl !== null) json += `,"pushURL":${JSON.stringify(row.pushUrl)}`;
    if (row.properties !== null) json += `,"properties":${row.properties}`;
  }
  return json + '}';
}

// Characters JSON must escape, and lone surrogate halves (JSON.stringify escapes those too).
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON: most names need no escaping, and skipping JSON.stringify saves time in bulk. */
function jsonString(value: string): string {
  return NEEDS_ESCAPING.test(value) ? JSON.stringify(value) : `"${value}"`;
}

export function recordsJson(rows: readonly ChannelSummary[], fields: RecordFields): string {
  return '[' + rows.map((row) => recordJson(row, fields)).join(',') + ']';
}

/**
 * Full records of listed rows, each record's text kept with its row: the reach cache
 * (reach-cache.ts) hands out the same row objects until something changes, so a listing asked
 * again only joins texts made before. Rows read afresh get texts of their own, and go with them.
 */
const listedJson = new WeakMap<ChannelSummary, string>();

export function listedRecordsJson(rows: readonly ChannelSummary[]): string {
  return (
    '[' +
    rows
      .map((row) => {
        let json = listedJson.get(row);
        if (json === undefined) {
          json = recordJson(row, 'full');
          listedJson.set(row, json);
        }
        return json;
      })
      .join(',') +
    ']'
  );
}
