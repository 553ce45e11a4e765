-- The audit trail: every change made through the API or the operators' commands, written in the
-- same transaction as the change it records (docs/decisions/0070-audit-trail.md). JSON documents
-- (before, after) are text on both engines: they are only ever shown, never queried into.
CREATE TABLE audit_entries (
  id bigserial PRIMARY KEY,
  at bigint NOT NULL,
  tenant text NOT NULL,
  actor_id integer,
  actor text NOT NULL,
  origin text NOT NULL,
  kind text NOT NULL,
  channel_uuid text,
  channel_name text,
  member_uuid text,
  member_name text,
  subject text,
  before text,
  after text,
  result text NOT NULL
);
CREATE INDEX audit_entries_tenant ON audit_entries(tenant, id);
CREATE INDEX audit_entries_actor ON audit_entries(actor, id);
CREATE INDEX audit_entries_at ON audit_entries(at);

-- Each channel an entry concerns (a group and the member it gained), so a channel's history is
-- one index range however the entry names it.
CREATE TABLE audit_channels (
  channel_uuid text NOT NULL,
  entry_id bigint NOT NULL REFERENCES audit_entries(id) ON DELETE CASCADE,
  PRIMARY KEY (channel_uuid, entry_id)
);
CREATE INDEX audit_channels_entry ON audit_channels(entry_id);
