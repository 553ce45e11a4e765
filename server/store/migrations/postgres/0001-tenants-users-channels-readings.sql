CREATE TABLE tenants (name text PRIMARY KEY);

CREATE TABLE users (
  id serial PRIMARY KEY,
  sub text NOT NULL UNIQUE,
  username text NOT NULL UNIQUE,
  name text NOT NULL,
  email text NOT NULL,
  tenant text NOT NULL REFERENCES tenants(name),
  password_hash text,
  created_at bigint NOT NULL
);

CREATE TABLE permission_sets (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE permission_set_grants (
  set_id integer NOT NULL REFERENCES permission_sets(id) ON DELETE CASCADE,
  tenant text NOT NULL REFERENCES tenants(name),
  object_type text NOT NULL,
  operation text NOT NULL
    CHECK (operation IN ('READ','CREATE','UPDATE','DELETE','COMMISSION','EXECUTE')),
  PRIMARY KEY (set_id, tenant, object_type, operation)
);

CREATE TABLE user_permission_sets (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  set_id integer NOT NULL REFERENCES permission_sets(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, set_id)
);

CREATE TABLE channels (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('NODE','SENSOR','GROUP','GATEWAY')),
  name text NOT NULL,
  tenant text NOT NULL REFERENCES tenants(name),
  owner_id integer REFERENCES users(id),
  active boolean NOT NULL DEFAULT true,
  reference text,
  node_id integer REFERENCES channels(id),
  sensor_name text,
  value_type text,
  properties text,
  push_url text,
  push_interval integer NOT NULL DEFAULT 0,
  push_secret text,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX channels_commissioned_serial ON channels(reference)
  WHERE active AND type IN ('NODE','GATEWAY');
CREATE UNIQUE INDEX channels_sensor_of_node ON channels(node_id, sensor_name)
  WHERE type = 'SENSOR';
CREATE INDEX channels_owner ON channels(owner_id, type);
CREATE INDEX channels_type ON channels(type);

CREATE TABLE channel_access (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel_id integer NOT NULL REFERENCES channels(id),
  PRIMARY KEY (user_id, channel_id)
);

CREATE TABLE group_members (
  group_id integer NOT NULL REFERENCES channels(id),
  member_id integer NOT NULL REFERENCES channels(id),
  added_at bigint NOT NULL,
  PRIMARY KEY (group_id, member_id)
);
CREATE INDEX group_members_member ON group_members(member_id, group_id);

-- One row per message; (sensor_id, ts) is unique, as in SQLite. Partitioned by UTC day on ts
-- (epoch ms), one partition per day that has readings (partitions.ts); ingestion refuses
-- readings too old to have one, so there is no default partition (which would also rule out
-- detaching old days without blocking). No foreign keys here: channels are never deleted, and checking three per row would cost
-- bulk ingestion more than it protects.
CREATE SEQUENCE readings_id_seq AS bigint;
CREATE TABLE readings (
  id bigint NOT NULL DEFAULT nextval('readings_id_seq'),
  sensor_id integer NOT NULL,
  node_id integer NOT NULL,
  gateway_id integer NOT NULL,
  ts bigint NOT NULL,
  type text NOT NULL,
  value text NOT NULL,
  UNIQUE (sensor_id, ts)
) PARTITION BY RANGE (ts);

-- Each reading published to its sensor, its node and their groups: history of any channel is
-- one backward range scan of the primary key, joined to readings by (sensor_id, ts).
CREATE TABLE channel_data (
  channel_id integer NOT NULL,
  ts bigint NOT NULL,
  reading_id bigint NOT NULL,
  sensor_id integer NOT NULL,
  PRIMARY KEY (channel_id, ts, reading_id)
) PARTITION BY RANGE (ts);

CREATE TABLE gateway_keys (
  gateway_id integer PRIMARY KEY REFERENCES channels(id),
  key_hash text NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE oidc_models (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  expires_at bigint,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant ON oidc_models(grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid ON oidc_models(model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_user_code ON oidc_models(model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_models_expiry ON oidc_models(expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE external_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  signed_in_at bigint NOT NULL,
  synced_sets jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (issuer, subject)
);

CREATE TABLE push_deliveries (
  id bigserial PRIMARY KEY,
  channel_id integer NOT NULL REFERENCES channels(id),
  webhook_id text NOT NULL,
  at bigint NOT NULL,
  url text NOT NULL,
  events integer NOT NULL,
  dropped integer NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX push_deliveries_channel ON push_deliveries(channel_id, id);

CREATE TABLE push_inboxes (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE,
  owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX push_inboxes_owner ON push_inboxes(owner_id);

CREATE TABLE push_inbox_arrivals (
  id bigserial PRIMARY KEY,
  inbox_id integer NOT NULL REFERENCES push_inboxes(id) ON DELETE CASCADE,
  at bigint NOT NULL,
  webhook_id text,
  verified boolean NOT NULL,
  problem text,
  channel_uuid text,
  channel_name text,
  event_count integer,
  events text
);
CREATE INDEX push_inbox_arrivals_inbox ON push_inbox_arrivals(inbox_id, id);

-- Failed sign-ins, counted by every instance alike (auth/throttle.ts).
CREATE TABLE sign_in_failures (key text NOT NULL, at bigint NOT NULL);
CREATE INDEX sign_in_failures_key ON sign_in_failures(key, at);

-- The identity provider's keys, the same in every instance (store/shared-secrets.ts).
CREATE TABLE shared_secrets (name text PRIMARY KEY, value text NOT NULL);
