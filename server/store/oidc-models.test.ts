import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../test/test-store.ts';
import { randomBytes } from 'node:crypto';
import { OidcModels } from './oidc-models.ts';
import { digest, Sealer } from '../secrets/sealer.ts';

describe('the identity provider state in the store', () => {
  let test: TestStore;
  const clock = { now: 1_800_000_000_000 };
  let models: OidcModels;
  beforeEach(async () => {
    test = await openTestStore(':memory:');
    models = new OidcModels(test.store.oidcModels, new Sealer([randomBytes(32)]), () => clock.now);
  });
  afterEach(() => test.close());

  it('finds what was stored until it expires', async () => {
    const tokens = models.adapterFor('RefreshToken');
    await tokens.upsert('rt1', { grantId: 'g1', accountId: 'u1' }, 60);
    expect(await tokens.find('rt1')).toEqual({ grantId: 'g1', accountId: 'u1' });
    expect(await models.adapterFor('AccessToken').find('rt1')).toBeUndefined();
    clock.now += 60_000;
    expect(await tokens.find('rt1')).toBeUndefined();
  });

  it('marks a token consumed, keeping it findable (refresh token reuse detection needs it)', async () => {
    const tokens = models.adapterFor('RefreshToken');
    await tokens.upsert('rt1', { grantId: 'g1' }, 60);
    await tokens.consume('rt1');
    expect(await tokens.find('rt1')).toEqual({
      grantId: 'g1',
      consumed: Math.floor(clock.now / 1000),
    });
  });

  it('finds sessions by uid', async () => {
    const sessions = models.adapterFor('Session');
    await sessions.upsert('s1', { uid: 'uid-1', accountId: 'u1' }, 600);
    expect(await sessions.findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'u1' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
  });

  it('revokes what a grant issued, model by model', async () => {
    const refresh = models.adapterFor('RefreshToken');
    const codes = models.adapterFor('AuthorizationCode');
    await refresh.upsert('rt1', { grantId: 'g1' }, 60);
    await refresh.upsert('rt2', { grantId: 'g2' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);

    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('rt1')).toBeUndefined();
    expect(await codes.find('c1')).toBeDefined();
    expect(await refresh.find('rt2')).toBeDefined();
  });

  it('deletes expired rows when pruning', async () => {
    await models.adapterFor('Interaction').upsert('i1', {}, 10);
    await models.adapterFor('Grant').upsert('g1', {});
    clock.now += 11_000;
    await models.pruneExpired();
    const rows = await test.sql.all('SELECT model, id FROM oidc_models');
    expect(rows).toEqual([{ model: 'Grant', id: digest('g1') }]);
  });

  it('keeps nothing a copy of the database could use: ids and uids hashed, payloads sealed', async () => {
    const refreshToken = 'rt-secret-value-0123456789';
    await models.adapterFor('RefreshToken').upsert(refreshToken, {
      jti: refreshToken,
      grantId: 'g9',
      accountId: 'account-7',
    });
    await models.adapterFor('Session').upsert('cookie-value', { uid: 'uid-secret', jti: 'x' }, 60);
    const rows = await test.sql.all('SELECT * FROM oidc_models');
    const dump = JSON.stringify(rows);
    for (const secret of [refreshToken, 'cookie-value', 'uid-secret', 'account-7']) {
      expect(dump).not.toContain(secret);
    }
    expect(dump).toContain('g9');
    // Another key (a copy taken elsewhere) cannot read it; the right one can.
    const stranger = new OidcModels(test.store.oidcModels, new Sealer([randomBytes(32)]));
    expect(await stranger.adapterFor('RefreshToken').find(refreshToken)).toBeUndefined();
    expect(await models.adapterFor('RefreshToken').find(refreshToken)).toMatchObject({
      accountId: 'account-7',
    });
  });

  it('a row written in the clear before (an older version) is not found', async () => {
    await test.store.oidcModels.upsert('RefreshToken', 'old-plain', { grantId: 'g1' }, null);
    expect(await models.adapterFor('RefreshToken').find('old-plain')).toBeUndefined();
  });
});
