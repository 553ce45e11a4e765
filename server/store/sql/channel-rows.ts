import { sql } from 'kysely';
import type { Channel, ChannelSummary } from '../channels.ts';
import { flag } from './values.ts';

/** A channel's columns under the domain's names. */
export const channelColumns = [
  'id',
  'uuid',
  'type',
  'name',
  'tenant',
  'owner_id as ownerId',
  'active',
  'reference',
  'node_id as nodeId',
  'sensor_name as sensorName',
  'value_type as valueType',
  'properties',
  'push_url as pushUrl',
  'push_interval as pushInterval',
] as const;

/** What a listing reads of each channel. */
export const summaryColumns = [
  'uuid',
  'type',
  'name',
  'tenant',
  'active',
  'reference',
  'properties',
  'push_url as pushUrl',
  'push_interval as pushInterval',
] as const;

type Flagged<T> = Omit<T, 'active'> & { active: boolean | 0 | 1 };

/** Sets the flag right in place (thousands of rows are read at once; no copy of each). */
export function toChannel<T extends Channel | ChannelSummary>(row: Flagged<T>): T {
  row.active = flag(row.active);
  return row as T;
}

export function toChannels<T extends Channel | ChannelSummary>(rows: Flagged<T>[]): T[] {
  for (const row of rows) row.active = flag(row.active);
  return rows as T[];
}

/**
 * Channel types as literals in the SQL, never parameters: the partial indexes (one commissioned
 * serial, one sensor per name) serve only queries whose conditions imply theirs, which a
 * parameter cannot, and ON CONFLICT finds its index the same way.
 */
export const TYPE = {
  NODE: sql.lit('NODE' as const),
  SENSOR: sql.lit('SENSOR' as const),
  GROUP: sql.lit('GROUP' as const),
  GATEWAY: sql.lit('GATEWAY' as const),
};
