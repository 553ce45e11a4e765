import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { TEST_SCRYPT } from './passwords.ts';
import { seedDemoAccounts } from '../sim/demo-accounts.ts';
import { openTestStore, testEngine } from '../test/test-store.ts';
import { PASSWORD_REALM_GRANT, REALM } from './password-realm.ts';
import * as client from 'openid-client';
import { listenTestCloud } from '../test/listen.ts';
import { createTestCloud } from '../test/harness.ts';
import { consoleClient, startSignIn } from '../test/console-client.ts';

/** Two instances of one cloud: one database, each its own DATA_DIR, one public address. */
async function twoInstances() {
  const database = `shared_${randomBytes(5).toString('hex')}`;
  // Instances of one database share SECRETS_KEY (one that differs is refused at start).
  const secretsKey = randomBytes(32).toString('base64');
  const instances = [];
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'instance-'));
    const { store, close } = await openTestStore(dataDir, database);
    const cloud = await buildApp({ store, config: testConfig({ dataDir, secretsKey }) });
    if (i === 0) await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
    instances.push({
      cloud,
      async close() {
        await cloud.app.close();
        await close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  return instances;
}

describe.skipIf(testEngine() !== 'postgres')('many instances on one PostgreSQL database', () => {
  it('share the identity provider: a token from one works at the other', async () => {
    const [one, other] = await twoInstances();
    if (!one || !other) throw new Error('two instances expected');
    try {
      const issued = await one.cloud.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          grant_type: PASSWORD_REALM_GRANT,
          realm: REALM,
          audience: 'https://api.telemetry.local',
          client_id: 'cli',
          username: 'fleet',
          password: 'demo-fleet',
          scope: 'openid',
        }),
      });
      expect(issued.statusCode).toBe(200);
      const token = (issued.json() as { access_token: string }).access_token;
      const answer = await other.cloud.app.inject({
        url: '/v1/userinfo',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ username: 'fleet' });
      // The same signing keys are published by both.
      const jwks = (app: typeof one) =>
        app.cloud.app.inject({ url: '/auth/.well-known/jwks.json' }).then((r) => r.json());
      expect(await jwks(other)).toEqual(await jwks(one));
    } finally {
      await one.close();
      await other.close();
    }
  });

  it('share refresh tokens: one rotated at one instance is spent at the other', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rotation-'));
    const one = await listenTestCloud(() => ({ dataDir }));
    // The second instance: same database, same public address (behind one balancer).
    const other = await createTestCloud({ dataDir, publicUrl: one.url });
    try {
      const config = await consoleClient(one.url);
      const redirectUri = `${one.url}/callback`;
      const { browser, login, verifier, state, html } = await startSignIn(config, redirectUri);
      const back = await browser.submit(
        login.url,
        html,
        { username: 'fleet', password: 'demo-fleet' },
        { stopAt: redirectUri },
      );
      const tokens = await client.authorizationCodeGrant(config, new URL(back.url), {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      const first = tokens.refresh_token ?? '';
      expect(first).toBeTruthy();
      // Refreshed at the other instance: a new refresh token...
      const rotated = await other.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'console',
          refresh_token: first,
        }).toString(),
      });
      expect(rotated.statusCode).toBe(200);
      expect((rotated.json() as { refresh_token: string }).refresh_token).not.toBe(first);
      // ... and the old one is spent at the first instance too.
      await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    } finally {
      await other.close();
      await one.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
