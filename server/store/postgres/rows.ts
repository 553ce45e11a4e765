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
