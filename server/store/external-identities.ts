import type { Db } from './db.ts';

export interface ExternalIdentity {
  userId: number;
  /** Sign-in time (epoch seconds) of the token whose roles were applied last. */
  signedInAt: number;
  /** The permission sets those roles gave. */
  syncedSets: string[];
}

/** People of an outside identity provider and the accounts made for them. */
export class ExternalIdentityStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  find(issuer: string, subject: string): ExternalIdentity | undefined {
    const row = this.db
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
  }

  save(issuer: string, subject: string, identity: ExternalIdentity): void {
    this.db
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
  }
}
