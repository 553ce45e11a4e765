import type { ChannelType } from '../../contract/channel.ts';

/** A channel as stored, without its push secret (only the push module reads that). */
export interface ChannelRow {
  id: number;
  uuid: string;
  type: ChannelType;
  name: string;
  tenant: string;
  owner_id: number | null;
  active: number;
  reference: string | null;
  node_id: number | null;
  sensor_name: string | null;
  value_type: string | null;
  properties: string | null;
  push_url: string | null;
  push_interval: number;
}

export const channelColumns =
  'id, uuid, type, name, tenant, owner_id, active, reference, node_id, sensor_name, value_type, ' +
  'properties, push_url, push_interval';

/** What a channel record is made of: the listing reads only these columns. */
export type RecordSource = Pick<
  ChannelRow,
  | 'uuid'
  | 'type'
  | 'name'
  | 'tenant'
  | 'active'
  | 'reference'
  | 'properties'
  | 'push_url'
  | 'push_interval'
>;

export const recordColumns =
  'uuid, type, name, tenant, active, reference, properties, push_url, push_interval';

/** The fields each operation of section 4 lists for its channel records. */
export type RecordFields = 'full' | 'member' | 'created' | 'commissioned';

/**
 * Serializes a channel record as JSON text. Properties are stored as validated JSON text and are
 * spliced in as they are, which keeps listings of many thousand channels cheap. Every record
 * carries our `tenant` extension (docs/decisions.md, "Tenant on channel records"): the console's
 * permission checks need the tenant a channel belongs to, which section 2.1 does not give.
 */
export function recordJson(row: RecordSource, fields: RecordFields): string {
  let json =
    `{"uuid":"${row.uuid}","channelType":"${row.type}","name":${jsonString(row.name)}` +
    `,"tenant":${jsonString(row.tenant)}`;
  const hasSerial = row.type === 'NODE' || row.type === 'GATEWAY';
  if ((fields === 'full' || fields === 'commissioned') && hasSerial && row.reference !== null) {
    json += `,"reference":${jsonString(row.reference)}`;
  }
  json += `,"active":${row.active === 1}`;
  if (fields === 'full' || fields === 'member') json += `,"pushInterval":${row.push_interval}`;
  if (fields === 'full') {
    if (row.push_url !== null) json += `,"pushURL":${JSON.stringify(row.push_url)}`;
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

export function recordsJson(rows: readonly RecordSource[], fields: RecordFields): string {
  return '[' + rows.map((row) => recordJson(row, fields)).join(',') + ']';
}
