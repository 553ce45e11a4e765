-- Last sign-in of every account (issue 34, docs/decisions/0177-last-sign-in-for-every-way.md):
-- epoch milliseconds of the newest sign-in by Basic, the login page or the password-realm grant.
-- Outside provider accounts keep theirs in external_identities.signed_in_at, as before.
ALTER TABLE users ADD COLUMN signed_in_at INTEGER;
