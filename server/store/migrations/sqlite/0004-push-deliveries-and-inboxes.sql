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
