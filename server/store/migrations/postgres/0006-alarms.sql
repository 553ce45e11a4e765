-- Alarms raised by the cloud as readings arrive (issue 24, docs/decisions/0080-alarms.md). A row
-- is written in the transaction of the reading that raises, changes or clears it. `slot` is set
-- ('<channel id>:<kind>') while the excursion lasts in the data and is unique: concurrent batches
-- of one sensor cannot open two alarms for one excursion. 'pending' rows wait out a rule's delay
-- and are never shown.
CREATE TABLE alarms (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE,
  tenant text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('temperature','silence','place')),
  severity text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending','active','cleared')),
  slot text UNIQUE,
  channel_id integer NOT NULL REFERENCES channels(id),
  node_id integer NOT NULL REFERENCES channels(id),
  direction text,
  limit_min double precision,
  limit_max double precision,
  first_out_at bigint NOT NULL,
  first_value double precision,
  raised_at bigint,
  raised_reading_id bigint,
  raised_value double precision,
  peak double precision,
  peak_at bigint,
  last_ts bigint NOT NULL,
  back_in_at bigint,
  acknowledged_at bigint,
  acknowledged_by text,
  acknowledged_comment text,
  cleared_at bigint,
  cleared_by text,
  cleared_comment text,
  cleared_reading_id bigint,
  updated_at bigint NOT NULL
);
CREATE INDEX alarms_listing ON alarms (raised_at DESC, id DESC) WHERE status <> 'pending';
CREATE INDEX alarms_node ON alarms (node_id, raised_at DESC) WHERE status <> 'pending';
