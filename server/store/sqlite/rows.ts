import type { SQLOutputValue } from 'node:sqlite';
import type { Channel, ChannelSummary } from '../channels.ts';

type Row = Record<string, SQLOutputValue>;

/** Columns aliased to the domain's names, so that a row needs only its flag turned boolean. */
export const channelColumns =
  'id, uuid, type, name, tenant, owner_id AS ownerId, active, reference, node_id AS nodeId, ' +
  'sensor_name AS sensorName, value_type AS valueType, properties, push_url AS pushUrl, ' +
  'push_interval AS pushInterval';

export const summaryColumns =
  'uuid, type, name, tenant, active, reference, properties, push_url AS pushUrl, ' +
  'push_interval AS pushInterval';

/** SQLite has no booleans: `active` comes back as 0 or 1 and is set right in place. */
function withFlag<T extends { active: boolean }>(row: Row): T {
  const mapped = row as unknown as T;
  mapped.active = row.active === 1;
  return mapped;
}

export const toChannel = (row: Row): Channel => withFlag<Channel>(row);

export function toChannels(rows: Row[]): Channel[] {
  return rows.map(toChannel);
}

export function toSummaries(rows: Row[]): ChannelSummary[] {
  return rows.map((row) => withFlag<ChannelSummary>(row));
}

export function maybe<T>(row: Row | undefined, map: (row: Row) => T): T | undefined {
  return row === undefined ? undefined : map(row);
}
