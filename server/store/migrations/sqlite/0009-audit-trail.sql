-- The audit trail: every change made through the API or the operators' commands, written in the
-- same transaction as the change it records (docs/decisions/0070-audit-trail.md). JSON documents
-- (before, after) are text on both engines: they are only ever shown, never queried into.
CREATE TABLE audit_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  tenant TEXT NOT NULL,
  actor_id INTEGER,
  actor TEXT NOT NULL,
  origin TEXT NOT NULL,
  kind TEXT NOT NULL,
  channel_uuid TEXT,
  channel_name TEXT,
  member_uuid TEXT,
  member_name TEXT,
  subject TEXT,
  before TEXT,
  after TEXT,
  result TEXT NOT NULL
);
CREATE INDEX audit_entries_tenant ON audit_entries(tenant, id);
CREATE INDEX audit_entries_actor ON audit_entries(actor, id);
CREATE INDEX audit_entries_at ON audit_entries(at);

-- Each channel an entry concerns (a group and the member it gained), so a channel's history is
-- one index range however the entry names it.
CREATE TABLE audit_channels (
  channel_uuid TEXT NOT NULL,
  entry_id INTEGER NOT NULL REFERENCES audit_entries(id) ON DELETE CASCADE,
  PRIMARY KEY (channel_uuid, entry_id)
) WITHOUT ROWID;
CREATE INDEX audit_channels_entry ON audit_channels(entry_id);
