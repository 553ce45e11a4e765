-- What a lease's work has started, per key (push: per channel), so a new holder skips it
-- (issue 17, docs/decisions/0026-push-exactly-once.md).
CREATE TABLE lease_claims (
  lease TEXT NOT NULL,
  key INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  PRIMARY KEY (lease, key)
) WITHOUT ROWID;
