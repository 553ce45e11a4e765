-- The sealed check value of the secrets key (server/secrets/key-check.ts), as PostgreSQL keeps it
-- in its shared_secrets: a restart with another key is refused even before any secret is stored.
-- On SQLite this table holds only that value; the identity provider's keys stay in DATA_DIR.
CREATE TABLE shared_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
