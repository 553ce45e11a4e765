import type { DatabaseSync } from 'node:sqlite';

/**
 * Versioned schema. Each entry runs once, in order, inside a transaction; `PRAGMA user_version`
 * records how far a database has come. Never edit a migration that has shipped: add a new one.
 */
export const migrations: readonly string[] = [
  /* 1: tenants, users, permission sets, channels, membership, readings */ `
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
  `,
  /* 2: gateway credentials */ `
  CREATE TABLE gateway_keys (
    gateway_id INTEGER PRIMARY KEY REFERENCES channels(id),
    key_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  /* 3: the identity provider's state (sessions, grants, codes, refresh tokens) and the accounts
     of an external identity provider */ `
  CREATE TABLE oidc_models (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    uid TEXT,
    user_code TEXT,
    expires_at INTEGER,
    PRIMARY KEY (model, id)
  ) WITHOUT ROWID;
  CREATE INDEX oidc_models_grant ON oidc_models(grant_id) WHERE grant_id IS NOT NULL;
  CREATE INDEX oidc_models_uid ON oidc_models(model, uid) WHERE uid IS NOT NULL;
  CREATE INDEX oidc_models_user_code ON oidc_models(model, user_code) WHERE user_code IS NOT NULL;
  CREATE INDEX oidc_models_expiry ON oidc_models(expires_at) WHERE expires_at IS NOT NULL;

  -- A person of an external identity provider, linked to the account made at their first sign-in.
  -- synced_sets are the permission sets their directory roles gave at the last synchronisation,
  -- so that sets granted on top in the cloud survive the next one.
  CREATE TABLE external_identities (
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    signed_in_at INTEGER NOT NULL,
    synced_sets TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (issuer, subject)
  ) WITHOUT ROWID;
  `,
  /* 4: push delivery log and push inboxes */ `
  -- The last deliveries of each channel (trimmed on write), for people checking their receiver.
  CREATE TABLE push_deliveries (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels(id),
    webhook_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    url TEXT NOT NULL,
    events INTEGER NOT NULL,
    dropped INTEGER NOT NULL,
    status INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL
  );
  CREATE INDEX push_deliveries_channel ON push_deliveries(channel_id, id);

  -- Demo receivers on the cloud itself. The secret verifies signatures and is never returned.
  CREATE TABLE push_inboxes (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX push_inboxes_owner ON push_inboxes(owner_id);

  CREATE TABLE push_inbox_arrivals (
    id INTEGER PRIMARY KEY,
    inbox_id INTEGER NOT NULL REFERENCES push_inboxes(id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    webhook_id TEXT,
    verified INTEGER NOT NULL,
    problem TEXT,
    channel_uuid TEXT,
    channel_name TEXT,
    event_count INTEGER,
    events TEXT
  );
  CREATE INDEX push_inbox_arrivals_inbox ON push_inbox_arrivals(inbox_id, id);
  `,
  /* 5: failed sign-ins, counted in the database (auth/throttle.ts) */ `
  CREATE TABLE sign_in_failures (
    key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX sign_in_failures_key ON sign_in_failures(key, at);
  `,
  /* 6: groups a permission set reaches */ `
  -- A permission set (a role) may name groups: whoever holds the set reaches them, their members
  -- and the members' sensors, as if given each group, so people of an outside identity provider
  -- see their fleet from their first sign-in (docs/decisions/0015-roles-that-reach-groups.md, "Roles that reach groups").
  CREATE TABLE permission_set_groups (
    set_id INTEGER NOT NULL REFERENCES permission_sets(id) ON DELETE CASCADE,
    group_id INTEGER NOT NULL REFERENCES channels(id),
    PRIMARY KEY (set_id, group_id)
  ) WITHOUT ROWID;

  -- Every channel a user was given, directly or through a permission set: what reach reads.
  CREATE VIEW channel_grants (user_id, channel_id) AS
    SELECT user_id, channel_id FROM channel_access
    UNION ALL
    SELECT ups.user_id, psg.group_id
    FROM user_permission_sets ups JOIN permission_set_groups psg ON psg.set_id = ups.set_id;
  `,
  /* 7: the event log that push delivery and live streams follow, and leases */ `
  CREATE TABLE event_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX event_log_at ON event_log(at);

  CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID;
  `,
  /* 8: what a lease's work has started, per key (push: per channel), so a new holder skips it */ `
  -- docs/decisions/0026-push-exactly-once.md (issue 17)
  CREATE TABLE lease_claims (
    lease TEXT NOT NULL,
    key INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    PRIMARY KEY (lease, key)
  ) WITHOUT ROWID;
  `,
];

export function migrate(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const current = row.user_version;
  if (current > migrations.length) {
    throw new Error(
      `The database is at schema version ${current}, newer than this cloud knows (${migrations.length}).`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migrations[version] ?? '');
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
