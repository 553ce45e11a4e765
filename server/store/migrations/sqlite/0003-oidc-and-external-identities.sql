CREATE TABLE oidc_models (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  grant_id TEXT,
  uid TEXT,
  user_code TEXT,
  expires_at INTEGER,
  PRIMARY KEY (model, id)
) WITHOUT ROWID;
CREATE INDEX oidc_models_grant ON oidc_models(grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid ON oidc_models(model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_user_code ON oidc_models(model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_models_expiry ON oidc_models(expires_at) WHERE expires_at IS NOT NULL;

-- A person of an external identity provider, linked to the account made at their first sign-in.
-- synced_sets are the permission sets their directory roles gave at the last synchronisation,
-- so that sets granted on top in the cloud survive the next one.
CREATE TABLE external_identities (
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  signed_in_at INTEGER NOT NULL,
  synced_sets TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;
