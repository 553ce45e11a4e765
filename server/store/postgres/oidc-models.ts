import type { AdapterPayload } from 'oidc-provider';
import type { OidcLookup, OidcModelStore } from '../oidc-models.ts';
import type { PgScope } from './database.ts';

const column: Record<OidcLookup, string> = { id: 'id', uid: 'uid', userCode: 'user_code' };

/** oidc-provider's state, shared by every instance: a token or session made at one works at all. */
export class PgOidcModelStore implements OidcModelStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async upsert(model: string, id: string, payload: AdapterPayload, expiresAt: number | null) {
    await this.s.run(
      `INSERT INTO oidc_models (model, id, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload,
         grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code,
         expires_at = excluded.expires_at`,
      [
        model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expiresAt,
      ],
      'oidc-upsert',
    );
  }

  async find(model: string, by: OidcLookup, value: string, now: number) {
    const row = await this.s.one<{ payload: AdapterPayload }>(
      `SELECT payload FROM oidc_models
       WHERE model = $1 AND ${column[by]} = $2 AND (expires_at IS NULL OR expires_at > $3)`,
      [model, value, now],
      `oidc-find-${by}`,
    );
    return row?.payload;
  }

  async consume(model: string, id: string, at: number) {
    await this.s.run(
      `UPDATE oidc_models SET payload = jsonb_set(payload, '{consumed}', to_jsonb($1::bigint))
       WHERE model = $2 AND id = $3`,
      [at, model, id],
    );
  }

  async destroy(model: string, id: string) {
    await this.s.run('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [model, id]);
  }

  async revokeByGrantId(model: string, grantId: string) {
    await this.s.run('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [
      model,
      grantId,
    ]);
  }

  async pruneExpired(now: number) {
    await this.s.run('DELETE FROM oidc_models WHERE expires_at <= $1', [now]);
  }
}
