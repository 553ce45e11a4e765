import type { ColumnType, Generated } from 'kysely';
import type { Operation } from '../../../contract/userinfo.ts';

/**
 * The database schema, typed once for both engines (the tables the migrations in
 * ../migrations/ create). Where the engines store a value differently, the type says both:
 * a flag is 0/1 in SQLite and a boolean in PostgreSQL, a JSON document is text in SQLite and
 * parsed jsonb in PostgreSQL (read them with `flag` and `json` of ./values.ts).
 */
export interface Database {
  tenants: { name: string };
  users: UsersTable;
  permission_sets: { id: Generated<number>; name: string; description: Generated<string> };
  permission_set_grants: {
    set_id: number;
    tenant: string;
    object_type: string;
    operation: Operation;
  };
  user_permission_sets: { user_id: number; set_id: number };
  permission_set_groups: { set_id: number; group_id: number };
  channels: ChannelsTable;
  channel_access: { user_id: number; channel_id: number };
  /** A view: every channel a user was given, directly or through a permission set. */
  channel_grants: { user_id: number; channel_id: number };
  group_members: { group_id: number; member_id: number; added_at: number };
  readings: ReadingsTable;
  channel_data: ChannelDataTable;
  gateway_keys: { gateway_id: number; key_hash: string; created_at: number };
  oidc_models: OidcModelsTable;
  external_identities: ExternalIdentitiesTable;
  push_deliveries: PushDeliveriesTable;
  push_inboxes: PushInboxesTable;
  push_inbox_arrivals: PushInboxArrivalsTable;
  sign_in_failures: { key: string; at: number };
  /** PostgreSQL only: the identity provider's keys, the same in every instance. */
  shared_secrets: { name: string; value: string };
  event_log: { seq: Generated<number>; at: number; body: string };
  /** PostgreSQL only: the counter the event log is numbered from. */
  event_seq: { last: number };
  leases: { name: string; holder: string; expires_at: number; cursor: Generated<number> };
  lease_claims: { lease: string; key: number; seq: number; idx: number };
  audit_entries: AuditEntriesTable;
  audit_channels: { channel_uuid: string; entry_id: number };
  alarms: AlarmsTable;
  notification_settings: { user_id: number; settings: string; updated_at: number };
  notification_outbox: NotificationOutboxTable;
  notification_deliveries: NotificationDeliveriesTable;
  web_push_subscriptions: {
    id: Generated<number>;
    user_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: number;
  };
}

/** 0 or 1 in SQLite, a boolean in PostgreSQL; written as a boolean (the SQLite runner binds 0/1). */
export type Flag = ColumnType<boolean | 0 | 1, boolean, boolean>;
/** Text in SQLite, jsonb (parsed by the driver) in PostgreSQL; written as JSON text. */
export type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Generated<number>;
  sub: string;
  username: string;
  name: string;
  email: string;
  tenant: string;
  password_hash: string | null;
  created_at: number;
  /** Epoch ms of the newest sign-in with a password here (migration 0013 on SQLite, 0008 on PostgreSQL). */
  signed_in_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ChannelsTable {
  id: Generated<number>;
  uuid: string;
  type: 'NODE' | 'SENSOR' | 'GROUP' | 'GATEWAY';
  name: string;
  tenant: string;
  owner_id: number | null;
  active: ColumnType<boolean | 0 | 1, boolean | undefined, boolean>;
  reference: string | null;
  node_id: number | null;
  sensor_name: string | null;
  value_type: string | null;
  properties: string | null;
  push_url: string | null;
  push_interval: ColumnType<number, number | undefined, number>;
  push_secret: string | null;
  created_at: number;
}

export interface ReadingsTable {
  id: Generated<number>;
  sensor_id: number;
  node_id: number;
  gateway_id: number;
  ts: number;
  type: string;
  value: string;
}

export interface ChannelDataTable {
  channel_id: number;
  ts: number;
  reading_id: number;
  /** PostgreSQL only: joins back to the partitioned readings by (sensor_id, ts). */
  sensor_id: ColumnType<number, number | undefined, number>;
}

export interface OidcModelsTable {
  model: string;
  id: string;
  payload: Json;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: number | null;
}

export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  signed_in_at: number;
  synced_sets: ColumnType<unknown, string | undefined, string>;
}

export interface PushDeliveriesTable {
  id: Generated<number>;
  channel_id: number;
  webhook_id: string;
  at: number;
  url: string;
  events: number;
  dropped: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface PushInboxesTable {
  id: Generated<number>;
  uuid: string;
  owner_id: number;
  secret: string;
  created_at: number;
}

export interface PushInboxArrivalsTable {
  id: Generated<number>;
  inbox_id: number;
  at: number;
  webhook_id: string | null;
  verified: Flag;
  problem: string | null;
  channel_uuid: string | null;
  channel_name: string | null;
  event_count: number | null;
  events: string | null;
}

export interface AuditEntriesTable {
  id: Generated<number>;
  at: number;
  tenant: string;
  actor_id: number | null;
  actor: string;
  origin: string;
  kind: string;
  channel_uuid: string | null;
  channel_name: string | null;
  member_uuid: string | null;
  member_name: string | null;
  subject: string | null;
  /** JSON text on both engines. */
  before: string | null;
  after: string | null;
  result: string;
}

/** Issue 24: one row per alarm; `slot` holds the one open excursion of a channel and kind. */
export interface AlarmsTable {
  id: Generated<number>;
  uuid: string;
  tenant: string;
  kind: 'temperature' | 'silence' | 'place';
  severity: string;
  status: 'pending' | 'active' | 'cleared';
  slot: string | null;
  channel_id: number;
  node_id: number;
  direction: string | null;
  limit_min: number | null;
  limit_max: number | null;
  first_out_at: number;
  first_value: number | null;
  raised_at: number | null;
  raised_reading_id: number | null;
  raised_value: number | null;
  peak: number | null;
  peak_at: number | null;
  last_ts: number;
  back_in_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  acknowledged_comment: string | null;
  cleared_at: number | null;
  cleared_by: string | null;
  cleared_comment: string | null;
  cleared_reading_id: number | null;
  updated_at: number;
  /** Place alarms: the place entered, JSON text (docs/decisions/0135-place-alarms.md). */
  place: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What is to be sent to a person (migration 0014 on SQLite, 0009 on PostgreSQL; docs/decisions/0186-notifications.md). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  user_id: number;
  /** Unique per person: the alarm and its change, so reading the log again adds nothing. */
  dedupe: string;
  alarm_uuid: string | null;
  channel_id: number | null;
  change: string;
  /** JSON of the alarm as it was at the change. */
  payload: string;
  created_at: number;
  next_at: number;
  attempts: Generated<number>;
  state: Generated<string>;
}

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  user_id: number;
  at: number;
  means: string;
  recipient: string;
  subject: string;
  /** JSON array of alarm uuids. */
  alarm_ids: string;
  attempt: number;
  ok: Flag;
  error: string | null;
  final: Flag;
}
