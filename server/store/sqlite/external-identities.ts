import type { ExternalIdentity, ExternalIdentityStore } from '../external-identities.ts';
import type { SqliteScope } from './database.ts';

export class SqliteExternalIdentityStore implements ExternalIdentityStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  find(issuer: string, subject: string): Promise<ExternalIdentity | undefined> {
    return this.s.run(() => {
      const row = this.s
        .prepare(
          `SELECT user_id, signed_in_at, synced_sets FROM external_identities
           WHERE issuer = ? AND subject = ?`,
        )
        .get(issuer, subject) as
        { user_id: number; signed_in_at: number; synced_sets: string } | undefined;
      if (!row) return undefined;
      return {
        userId: row.user_id,
        signedInAt: row.signed_in_at,
        syncedSets: JSON.parse(row.synced_sets) as string[],
      };
    });
  }

  save(issuer: string, subject: string, identity: ExternalIdentity): Promise<void> {
    return this.s.run(() => {
      this.s
        .prepare(
          `INSERT INTO external_identities (issuer, subject, user_id, signed_in_at, synced_sets)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (issuer, subject) DO UPDATE SET signed_in_at = excluded.signed_in_at,
             synced_sets = excluded.synced_sets`,
        )
        .run(
          issuer,
          subject,
          identity.userId,
          identity.signedInAt,
          JSON.stringify(identity.syncedSets),
        );
    });
  }
}
