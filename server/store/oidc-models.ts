import type { Api } from './sql/queries.ts';
import type { SqlOidcModelStore } from './sql/oidc-models.ts';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Sealer } from '../secrets/sealer.ts';
import { digest } from '../secrets/sealer.ts';

export type OidcLookup = 'id' | 'uid' | 'userCode';

/**
 * The identity provider's sessions, interactions, grants, codes and refresh tokens, in the
 * database so that they survive a restart and every instance sees the same ones.
 */
export type OidcModelStore = Api<SqlOidcModelStore>;

const PRUNE_EVERY = 200;

/**
 * The adapters oidc-provider asks for, one per model name ("Session", "RefreshToken", …), over
 * either engine. Expiry uses the real clock, as the provider does.
 *
 * A copy of the database must not let anyone use what is in it (docs/decisions/0043-secrets-at-rest.md):
 * the ids (a refresh token, a session cookie, an authorization code are their ids), uids and user
 * codes are stored as SHA-256 digests, and the payload (which repeats them) is sealed with the
 * secrets key. Only the grant id stays readable: revocation looks tokens up by it, and it lets no
 * one in. Rows written before, in the clear, are never found again and expire.
 */
export class OidcModels {
  private readonly store: OidcModelStore;
  private readonly now: () => number;
  private readonly sealer: Sealer;
  private writes = 0;

  constructor(store: OidcModelStore, sealer: Sealer, now: () => number = Date.now) {
    this.store = store;
    this.sealer = sealer;
    this.now = now;
  }

  adapterFor(model: string): Adapter {
    const { store, sealer } = this;
    const find = async (by: OidcLookup, value: string) => {
      const row = await store.find(model, by, digest(value), this.now());
      if (typeof row?.sealed !== 'string') return undefined;
      let payload: AdapterPayload;
      try {
        payload = JSON.parse(sealer.unseal(row.sealed)) as AdapterPayload;
      } catch {
        // Sealed under a key this cloud no longer holds: as if it had expired (sign in again).
        return undefined;
      }
      return row.consumed === undefined ? payload : { ...payload, consumed: row.consumed };
    };
    return {
      upsert: async (id, payload, expiresIn) => {
        const expiresAt = expiresIn === undefined ? null : this.now() + expiresIn * 1000;
        const stored: AdapterPayload = { sealed: sealer.seal(JSON.stringify(payload)) };
        if (payload.grantId !== undefined) stored.grantId = payload.grantId;
        if (payload.uid !== undefined) stored.uid = digest(payload.uid);
        if (payload.userCode !== undefined) stored.userCode = digest(payload.userCode);
        await store.upsert(model, digest(id), stored, expiresAt);
        if (++this.writes % PRUNE_EVERY === 0) await this.pruneExpired();
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('userCode', userCode),
      consume: (id) => store.consume(model, digest(id), Math.floor(this.now() / 1000)),
      destroy: (id) => store.destroy(model, digest(id)),
      revokeByGrantId: (grantId) => store.revokeByGrantId(model, grantId),
    };
  }

  pruneExpired(): Promise<void> {
    return this.store.pruneExpired(this.now());
  }
}
