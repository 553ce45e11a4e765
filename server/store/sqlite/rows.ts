import type { ChannelType } from '../../../contract/channel.ts';
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

/**
 * Reach = owned or granted channels (directly, or through a permission set that names a group:
 * the channel_grants view of migration 6), the members of reachable groups, and the sensors of
 * every reachable node (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"). One statement per channel
 * type, with the type in the SQL, so that owned channels come straight from the (owner_id, type)
 * index and sensors are only gathered when sensors are asked for: a user owning 10000 nodes and
 * their 30000 sensors lists the nodes without touching the sensors. `$u` is the user's id; the
 * latest-positions extension (positions.ts) reads other columns of the same reach.
 */
export function reachableListSql(type: ChannelType | null, columns = summaryColumns): string {
  const ofType = type === null ? '' : ` AND type = '${type}'`;
  const withSensors = type === null || type === 'SENSOR';
  return `
    WITH groups_in_reach(id) AS (
      SELECT id FROM channels WHERE owner_id = $u AND type = 'GROUP'
      UNION SELECT a.channel_id FROM channel_grants a JOIN channels g ON g.id = a.channel_id
      WHERE a.user_id = $u AND g.type = 'GROUP'
    ),
    base(id) AS (
      SELECT id FROM channels WHERE owner_id = $u${ofType}
      UNION SELECT channel_id FROM channel_grants WHERE user_id = $u
      UNION SELECT gm.member_id FROM groups_in_reach g JOIN group_members gm ON gm.group_id = g.id
    ),
    reach(id) AS (
      SELECT id FROM base
      ${withSensors ? "UNION SELECT s.id FROM base b JOIN channels s ON s.node_id = b.id AND s.type = 'SENSOR'" : ''}
    )
    SELECT ${columns} FROM channels
    WHERE id IN (SELECT id FROM reach)${ofType}
    ORDER BY name COLLATE NOCASE, id`;
}
