import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db.ts';
import { OidcModelStore } from './oidc-models.ts';

describe('the identity provider state in SQLite', () => {
  let db: Db;
  const clock = { now: 1_800_000_000_000 };
  let store: OidcModelStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new OidcModelStore(db, () => clock.now);
  });
  afterEach(() => db.close());

  it('finds what was stored until it expires', async () => {
    const tokens = store.adapterFor('RefreshToken');
    await tokens.upsert('rt1', { grantId: 'g1', accountId: 'u1' }, 60);
    expect(await tokens.find('rt1')).toEqual({ grantId: 'g1', accountId: 'u1' });
    expect(await store.adapterFor('AccessToken').find('rt1')).toBeUndefined();
    clock.now += 60_000;
    expect(await tokens.find('rt1')).toBeUndefined();
  });

  it('marks a token consumed, keeping it findable (refresh token reuse detection needs it)', async () => {
    const tokens = store.adapterFor('RefreshToken');
    await tokens.upsert('rt1', { grantId: 'g1' }, 60);
    await tokens.consume('rt1');
    expect(await tokens.find('rt1')).toEqual({
      grantId: 'g1',
      consumed: Math.floor(clock.now / 1000),
    });
  });

  it('finds sessions by uid', async () => {
    const sessions = store.adapterFor('Session');
    await sessions.upsert('s1', { uid: 'uid-1', accountId: 'u1' }, 600);
    expect(await sessions.findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'u1' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
  });

  it('revokes what a grant issued, model by model or all at once', async () => {
    const refresh = store.adapterFor('RefreshToken');
    const codes = store.adapterFor('AuthorizationCode');
    await refresh.upsert('rt1', { grantId: 'g1' }, 60);
    await refresh.upsert('rt2', { grantId: 'g2' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await store.adapterFor('Grant').upsert('g1', { accountId: 'u1' }, 600);

    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('rt1')).toBeUndefined();
    expect(await codes.find('c1')).toBeDefined();
    expect(await refresh.find('rt2')).toBeDefined();

    store.revokeGrant('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await store.adapterFor('Grant').find('g1')).toBeUndefined();
    expect(await refresh.find('rt2')).toBeDefined();
  });

  it('deletes expired rows when pruning', async () => {
    await store.adapterFor('Interaction').upsert('i1', {}, 10);
    await store.adapterFor('Grant').upsert('g1', {});
    clock.now += 11_000;
    store.pruneExpired();
    const rows = db.prepare('SELECT model, id FROM oidc_models').all();
    expect(rows).toEqual([{ model: 'Grant', id: 'g1' }]);
  });
});
