import type { ExternalIdentity, ExternalIdentityStore } from '../external-identities.ts';
import type { PgScope } from './database.ts';

export class PgExternalIdentityStore implements ExternalIdentityStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  find(issuer: string, subject: string): Promise<ExternalIdentity | undefined> {
    return this.s.one<ExternalIdentity>(
      `SELECT user_id AS "userId", signed_in_at AS "signedInAt", synced_sets AS "syncedSets"
       FROM external_identities WHERE issuer = $1 AND subject = $2`,
      [issuer, subject],
    );
  }

  async save(issuer: string, subject: string, identity: ExternalIdentity): Promise<void> {
    await this.s.run(
      `INSERT INTO external_identities (issuer, subject, user_id, signed_in_at, synced_sets)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (issuer, subject) DO UPDATE SET signed_in_at = excluded.signed_in_at,
         synced_sets = excluded.synced_sets`,
      [issuer, subject, identity.userId, identity.signedInAt, JSON.stringify(identity.syncedSets)],
    );
  }
}
