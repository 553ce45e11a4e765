CREATE TABLE gateway_keys (
  gateway_id INTEGER PRIMARY KEY REFERENCES channels(id),
  key_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
