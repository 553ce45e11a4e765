CREATE TABLE tenants (
  name TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  sub TEXT NOT NULL UNIQUE,
  username TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  tenant TEXT NOT NULL REFERENCES tenants(name),
  password_hash TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE permission_sets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE permission_set_grants (
  set_id INTEGER NOT NULL REFERENCES permission_sets(id) ON DELETE CASCADE,
  tenant TEXT NOT NULL REFERENCES tenants(name),
  object_type TEXT NOT NULL,
  operation TEXT NOT NULL CHECK (operation IN ('READ','CREATE','UPDATE','DELETE','COMMISSION','EXECUTE')),
  PRIMARY KEY (set_id, tenant, object_type, operation)
) WITHOUT ROWID;

CREATE TABLE user_permission_sets (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  set_id INTEGER NOT NULL REFERENCES permission_sets(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, set_id)
) WITHOUT ROWID;

CREATE TABLE channels (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('NODE','SENSOR','GROUP','GATEWAY')),
  name TEXT NOT NULL,
  tenant TEXT NOT NULL REFERENCES tenants(name),
  owner_id INTEGER REFERENCES users(id),
  active INTEGER NOT NULL DEFAULT 1,
  reference TEXT,
  node_id INTEGER REFERENCES channels(id),
  sensor_name TEXT,
  value_type TEXT,
  properties TEXT,
  push_url TEXT,
  push_interval INTEGER NOT NULL DEFAULT 0,
  push_secret TEXT,
  created_at INTEGER NOT NULL
);
-- A serial is commissioned at most once at a time, across nodes and gateways.
CREATE UNIQUE INDEX channels_commissioned_serial ON channels(reference)
  WHERE active = 1 AND type IN ('NODE','GATEWAY');
CREATE UNIQUE INDEX channels_sensor_of_node ON channels(node_id, sensor_name) WHERE type = 'SENSOR';
CREATE INDEX channels_owner ON channels(owner_id, type);
CREATE INDEX channels_type ON channels(type);

CREATE TABLE channel_access (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  PRIMARY KEY (user_id, channel_id)
) WITHOUT ROWID;

CREATE TABLE group_members (
  group_id INTEGER NOT NULL REFERENCES channels(id),
  member_id INTEGER NOT NULL REFERENCES channels(id),
  added_at INTEGER NOT NULL,
  PRIMARY KEY (group_id, member_id)
) WITHOUT ROWID;
CREATE INDEX group_members_member ON group_members(member_id, group_id);

-- One row per message from a gateway. (sensor_id, ts) is unique: a message heard by two gateways
-- is stored once, so (sensorUuid, ts) identifies a history item, as paging relies on.
CREATE TABLE readings (
  id INTEGER PRIMARY KEY,
  sensor_id INTEGER NOT NULL REFERENCES channels(id),
  node_id INTEGER NOT NULL REFERENCES channels(id),
  gateway_id INTEGER NOT NULL REFERENCES channels(id),
  ts INTEGER NOT NULL,
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (sensor_id, ts)
);

-- "Data is stored as time series entries linked to channels": each reading is published to its
-- sensor's channel, its node's channel and the channels of the groups they belong to then.
-- History of any channel is one range scan of this index.
CREATE TABLE channel_data (
  channel_id INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  reading_id INTEGER NOT NULL,
  PRIMARY KEY (channel_id, ts, reading_id)
) WITHOUT ROWID;
