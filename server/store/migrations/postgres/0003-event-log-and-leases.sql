-- The event log (store/event-log.ts): numbered from one counter row, in commit order.
CREATE TABLE event_seq (last bigint NOT NULL);
INSERT INTO event_seq VALUES (0);
CREATE TABLE event_log (seq bigint PRIMARY KEY, at bigint NOT NULL, body text NOT NULL);
CREATE INDEX event_log_at ON event_log(at);

-- Work that runs in one instance at a time (leadership.ts), and how far it got.
CREATE TABLE leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at bigint NOT NULL,
  cursor bigint NOT NULL DEFAULT 0
);
