import type { ChannelType } from '../../../contract/channel.ts';
/** Columns aliased to the domain's names (PostgreSQL folds unquoted aliases to lower case). */
export const channelColumns =
  'id, uuid, type, name, tenant, owner_id AS "ownerId", active, reference, node_id AS "nodeId", ' +
  'sensor_name AS "sensorName", value_type AS "valueType", properties, push_url AS "pushUrl", ' +
  'push_interval AS "pushInterval"';

export const summaryColumns =
  'uuid, type, name, tenant, active, reference, properties, push_url AS "pushUrl", ' +
  'push_interval AS "pushInterval"';

/** The order listings take everywhere: name ignoring ASCII case (as SQLite's NOCASE), then id. */
export const byName = 'lower(name COLLATE "C"), id';

/**
 * As the SQLite store's reach (../sqlite/channels.ts), with the type in the SQL; `$1` is the
 * user's id. The latest-positions extension (positions.ts) reads other columns of the same reach.
 */
export function reachableListSql(type: ChannelType | null, columns = summaryColumns): string {
  const ofType = type === null ? '' : ` AND type = '${type}'`;
  const withSensors = type === null || type === 'SENSOR';
  return `
    WITH groups_in_reach(id) AS (
      SELECT id FROM channels WHERE owner_id = $1 AND type = 'GROUP'
      UNION SELECT a.channel_id FROM channel_grants a JOIN channels g ON g.id = a.channel_id
      WHERE a.user_id = $1 AND g.type = 'GROUP'
    ),
    base(id) AS (
      SELECT id FROM channels WHERE owner_id = $1${ofType}
      UNION SELECT channel_id FROM channel_grants WHERE user_id = $1
      UNION SELECT gm.member_id FROM groups_in_reach g JOIN group_members gm ON gm.group_id = g.id
    ),
    reach(id) AS (
      SELECT id FROM base
      ${withSensors ? "UNION SELECT s.id FROM base b JOIN channels s ON s.node_id = b.id AND s.type = 'SENSOR'" : ''}
    )
    SELECT ${columns} FROM channels
    WHERE id IN (SELECT id FROM reach)${ofType}
    ORDER BY ${byName}`;
}
