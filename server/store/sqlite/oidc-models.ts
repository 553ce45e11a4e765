import type { AdapterPayload } from 'oidc-provider';
import type { OidcLookup, OidcModelStore } from '../oidc-models.ts';
import type { SqliteScope } from './database.ts';

const column: Record<OidcLookup, string> = { id: 'id', uid: 'uid', userCode: 'user_code' };

export class SqliteOidcModelStore implements OidcModelStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  upsert(model: string, id: string, payload: AdapterPayload, expiresAt: number | null) {
    return this.s.run(() => {
      this.s
        .prepare(
          `INSERT INTO oidc_models (model, id, payload, grant_id, uid, user_code, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload,
             grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code,
             expires_at = excluded.expires_at`,
        )
        .run(
          model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.userCode ?? null,
          expiresAt,
        );
    });
  }

  find(model: string, by: OidcLookup, value: string, now: number) {
    return this.s.run(() => {
      const row = this.s
        .prepare(
          `SELECT payload FROM oidc_models
           WHERE model = ? AND ${column[by]} = ? AND (expires_at IS NULL OR expires_at > ?)`,
        )
        .get(model, value, now) as { payload: string } | undefined;
      return row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;
    });
  }

  consume(model: string, id: string, at: number) {
    return this.s.run(() => {
      this.s
        .prepare(
          `UPDATE oidc_models SET payload = json_set(payload, '$.consumed', ?)
           WHERE model = ? AND id = ?`,
        )
        .run(at, model, id);
    });
  }

  destroy(model: string, id: string) {
    return this.s.run(() => {
      this.s.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?').run(model, id);
    });
  }

  revokeByGrantId(model: string, grantId: string) {
    return this.s.run(() => {
      this.s
        .prepare('DELETE FROM oidc_models WHERE model = ? AND grant_id = ?')
        .run(model, grantId);
    });
  }

  pruneExpired(now: number) {
    return this.s.run(() => {
      this.s.prepare('DELETE FROM oidc_models WHERE expires_at <= ?').run(now);
    });
  }
}
