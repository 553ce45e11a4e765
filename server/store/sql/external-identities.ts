import type { ExternalIdentity } from '../external-identities.ts';
import { Repository } from './queries.ts';
import { json } from './values.ts';

/** People of an outside identity provider and the accounts made for them. */
export class SqlExternalIdentityStore extends Repository {
  async find(issuer: string, subject: string): Promise<ExternalIdentity | undefined> {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('external_identities')
        .select(['user_id', 'signed_in_at', 'synced_sets'])
        .where('issuer', '=', issuer)
        .where('subject', '=', subject),
    );
    if (!row) return undefined;
    return {
      userId: row.user_id,
      signedInAt: row.signed_in_at,
      syncedSets: json<string[]>(row.synced_sets),
    };
  }

  async save(issuer: string, subject: string, identity: ExternalIdentity): Promise<void> {
    await this.s.exec(
      this.s.qb
        .insertInto('external_identities')
        .values({
          issuer,
          subject,
          user_id: identity.userId,
          signed_in_at: identity.signedInAt,
          synced_sets: JSON.stringify(identity.syncedSets),
        })
        .onConflict((conflict) =>
          conflict.columns(['issuer', 'subject']).doUpdateSet((eb) => ({
            signed_in_at: eb.ref('excluded.signed_in_at'),
            synced_sets: eb.ref('excluded.synced_sets'),
          })),
        ),
    );
  }
}
