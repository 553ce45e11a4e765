import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from './db.ts';

const PRUNE_EVERY = 200;

/**
 * The identity provider's sessions, interactions, grants, codes and refresh tokens, in our
 * database so that they survive a restart. Expiry uses the real clock, as the provider does.
 */
export class OidcModelStore {
  private readonly db: Db;
  private readonly now: () => number;
  private writes = 0;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** The adapter oidc-provider asks for, one per model name ("Session", "RefreshToken", …). */
  adapterFor(model: string): Adapter {
    return new SqliteAdapter(this, model);
  }

  upsert(model: string, id: string, payload: AdapterPayload, expiresIn?: number): void {
    const expiresAt = expiresIn === undefined ? null : this.now() + expiresIn * 1000;
    this.db
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
    if (++this.writes % PRUNE_EVERY === 0) this.pruneExpired();
  }

  find(model: string, column: 'id' | 'uid' | 'user_code', value: string) {
    const row = this.db
      .prepare(
        `SELECT payload FROM oidc_models
         WHERE model = ? AND ${column} = ? AND (expires_at IS NULL OR expires_at > ?)`,
      )
      .get(model, value, this.now()) as { payload: string } | undefined;
    return row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;
  }

  consume(model: string, id: string): void {
    this.db
      .prepare(
        `UPDATE oidc_models SET payload = json_set(payload, '$.consumed', ?)
         WHERE model = ? AND id = ?`,
      )
      .run(Math.floor(this.now() / 1000), model, id);
  }

  destroy(model: string, id: string): void {
    this.db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?').run(model, id);
  }

  revokeByGrantId(model: string, grantId: string): void {
    this.db.prepare('DELETE FROM oidc_models WHERE model = ? AND grant_id = ?').run(model, grantId);
  }

  /** Ends a grant: every token issued under it, and the grant itself. */
  revokeGrant(grantId: string): void {
    this.db.prepare('DELETE FROM oidc_models WHERE grant_id = ?').run(grantId);
    this.destroy('Grant', grantId);
  }

  pruneExpired(): void {
    this.db.prepare('DELETE FROM oidc_models WHERE expires_at <= ?').run(this.now());
  }
}

class SqliteAdapter implements Adapter {
  private readonly store: OidcModelStore;
  private readonly model: string;

  constructor(store: OidcModelStore, model: string) {
    this.store = store;
    this.model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    this.store.upsert(this.model, id, payload, expiresIn);
  }

  async find(id: string) {
    return this.store.find(this.model, 'id', id);
  }

  async findByUid(uid: string) {
    return this.store.find(this.model, 'uid', uid);
  }

  async findByUserCode(userCode: string) {
    return this.store.find(this.model, 'user_code', userCode);
  }

  async consume(id: string) {
    this.store.consume(this.model, id);
  }

  async destroy(id: string) {
    this.store.destroy(this.model, id);
  }

  async revokeByGrantId(grantId: string) {
    this.store.revokeByGrantId(this.model, grantId);
  }
}
