import type { AdapterPayload } from 'oidc-provider';
import type { OidcLookup } from '../oidc-models.ts';
import { withNumber } from './engine.ts';
import { Repository } from './queries.ts';
import { json } from './values.ts';

const column = { id: 'id', uid: 'uid', userCode: 'user_code' } as const;

/** oidc-provider's state; in PostgreSQL shared by every instance, so a session made at one works at all. */
export class SqlOidcModelStore extends Repository {
  /** `expiresAt` in epoch milliseconds; null never expires. */
  async upsert(model: string, id: string, payload: AdapterPayload, expiresAt: number | null) {
    await this.s.exec(
      this.s.qb
        .insertInto('oidc_models')
        .values({
          model,
          id,
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          expires_at: expiresAt,
        })
        .onConflict((conflict) =>
          conflict.columns(['model', 'id']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            grant_id: eb.ref('excluded.grant_id'),
            uid: eb.ref('excluded.uid'),
            user_code: eb.ref('excluded.user_code'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        ),
      'oidc-upsert',
    );
  }

  /** Only what has not expired at `now`. */
  async find(model: string, by: OidcLookup, value: string, now: number) {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('oidc_models')
        .select('payload')
        .where('model', '=', model)
        .where(column[by], '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])),
      `oidc-find-${by}`,
    );
    return row ? json<AdapterPayload>(row.payload) : undefined;
  }

  /** Marks it consumed at `at` (epoch seconds), keeping it findable: reuse detection needs it. */
  async consume(model: string, id: string, at: number) {
    await this.s.exec(
      this.s.qb
        .updateTable('oidc_models')
        .set({ payload: withNumber(this.s.engine, 'payload', 'consumed', at) })
        .where('model', '=', model)
        .where('id', '=', id),
    );
  }

  async destroy(model: string, id: string) {
    await this.s.exec(
      this.s.qb.deleteFrom('oidc_models').where('model', '=', model).where('id', '=', id),
    );
  }

  async revokeByGrantId(model: string, grantId: string) {
    await this.s.exec(
      this.s.qb
        .deleteFrom('oidc_models')
        .where('model', '=', model)
        .where('grant_id', '=', grantId),
    );
  }

  async storedPayloads(now: number, limit: number) {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('oidc_models')
        .select('payload')
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .limit(limit),
    );
    return rows.map((row) => json<AdapterPayload>(row.payload));
  }

  async pruneExpired(now: number) {
    await this.s.exec(this.s.qb.deleteFrom('oidc_models').where('expires_at', '<=', now));
  }
}
