CREATE TABLE sign_in_failures (
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures(key, at);
