-- What a lease's work has started, per key (push: per channel), so a new holder skips it.
-- Push writes (seq, idx) of the last event it takes for a channel's delivery before sending
-- it: a new holder of the lease never sends an event a second time (issue 17,
-- docs/decisions/0026-push-exactly-once.md).
CREATE TABLE lease_claims (
  lease text NOT NULL,
  key bigint NOT NULL,
  seq bigint NOT NULL,
  idx integer NOT NULL,
  PRIMARY KEY (lease, key)
);
