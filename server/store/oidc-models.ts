import type { Adapter, AdapterPayload } from 'oidc-provider';

export type OidcLookup = 'id' | 'uid' | 'userCode';

/**
 * The identity provider's sessions, interactions, grants, codes and refresh tokens, in the
 * database so that they survive a restart and every instance sees the same ones.
 */
export interface OidcModelStore {
  /** `expiresAt` in epoch milliseconds; null never expires. */
  upsert(
    model: string,
    id: string,
    payload: AdapterPayload,
    expiresAt: number | null,
  ): Promise<void>;
  /** Only what has not expired at `now`. */
  find(
    model: string,
    by: OidcLookup,
    value: string,
    now: number,
  ): Promise<AdapterPayload | undefined>;
  /** Marks it consumed at `at` (epoch seconds), keeping it findable: reuse detection needs it. */
  consume(model: string, id: string, at: number): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  revokeByGrantId(model: string, grantId: string): Promise<void>;
  pruneExpired(now: number): Promise<void>;
}

const PRUNE_EVERY = 200;

/**
 * The adapters oidc-provider asks for, one per model name ("Session", "RefreshToken", …), over
 * either engine. Expiry uses the real clock, as the provider does.
 */
export class OidcModels {
  private readonly store: OidcModelStore;
  private readonly now: () => number;
  private writes = 0;

  constructor(store: OidcModelStore, now: () => number = Date.now) {
    this.store = store;
    this.now = now;
  }

  adapterFor(model: string): Adapter {
    const { store } = this;
    const find = (by: OidcLookup, value: string) => store.find(model, by, value, this.now());
    return {
      upsert: async (id, payload, expiresIn) => {
        const expiresAt = expiresIn === undefined ? null : this.now() + expiresIn * 1000;
        await store.upsert(model, id, payload, expiresAt);
        if (++this.writes % PRUNE_EVERY === 0) await this.pruneExpired();
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('userCode', userCode),
      consume: (id) => store.consume(model, id, Math.floor(this.now() / 1000)),
      destroy: (id) => store.destroy(model, id),
      revokeByGrantId: (grantId) => store.revokeByGrantId(model, grantId),
    };
  }

  pruneExpired(): Promise<void> {
    return this.store.pruneExpired(this.now());
  }
}
