-- Alarms raised by the cloud as readings arrive (issue 24, docs/decisions/0080-alarms.md). A row
-- is written in the transaction of the reading that raises, changes or clears it. `slot` is set
-- ('<channel id>:<kind>') while the excursion lasts in the data and is unique: concurrent batches
-- of one sensor cannot open two alarms for one excursion. 'pending' rows wait out a rule's delay
-- and are never shown.
CREATE TABLE alarms (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  tenant TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('temperature','silence','place')),
  severity TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','active','cleared')),
  slot TEXT UNIQUE,
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  node_id INTEGER NOT NULL REFERENCES channels(id),
  direction TEXT,
  limit_min REAL,
  limit_max REAL,
  first_out_at INTEGER NOT NULL,
  first_value REAL,
  raised_at INTEGER,
  raised_reading_id INTEGER,
  raised_value REAL,
  peak REAL,
  peak_at INTEGER,
  last_ts INTEGER NOT NULL,
  back_in_at INTEGER,
  acknowledged_at INTEGER,
  acknowledged_by TEXT,
  acknowledged_comment TEXT,
  cleared_at INTEGER,
  cleared_by TEXT,
  cleared_comment TEXT,
  cleared_reading_id INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX alarms_listing ON alarms (raised_at DESC, id DESC) WHERE status <> 'pending';
CREATE INDEX alarms_node ON alarms (node_id, raised_at DESC) WHERE status <> 'pending';
