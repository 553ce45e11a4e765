import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig, type CloudConfig } from '../config.ts';
import { closeServices, createServices } from '../services.ts';
import { createTestCloud } from '../test/harness.ts';
import { commission } from '../test/fixtures.ts';
import { openTestStore, testEngine } from '../test/test-store.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import { OidcModels } from '../store/oidc-models.ts';
import { Sealer } from './sealer.ts';

const quiet: CloudLogger = { info: () => undefined, warn: () => undefined };
const key = () => randomBytes(32).toString('base64');

describe('the secrets key at start', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'key-check-'));
    dirs.push(dir);
    return dir;
  };
  /** The database of `dir` (the harness keeps one per DATA_DIR), opened with other settings. */
  const keepOf = (dir: string) =>
    `d_${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`;
  const start = async (dir: string, settings: Partial<CloudConfig>) => {
    const { store, close } = await openTestStore(dir, keepOf(dir));
    try {
      const services = await createServices(
        store,
        testConfig({ dataDir: dir, ...settings }),
        Date.now,
        quiet,
      );
      await closeServices(services);
    } finally {
      await close();
    }
  };
  /** A cloud on `dir` whose node has push, its secret sealed under `secretsKey`. */
  const withPush = async (dir: string, secretsKey: string | null) => {
    const cloud = await createTestCloud({
      dataDir: dir,
      secretsKey,
      pushAllowNetworks: ['loopback'],
    });
    try {
      const node = await commission(cloud, 'KEY-1');
      const set = await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
        query: { to: 'http://127.0.0.1:9/hook', secret: 'a push secret' },
      });
      expect(set.status).toBe(200);
    } finally {
      await cloud.close();
    }
  };

  it('refuses another SECRETS_KEY than the one that sealed the push secrets, naming the setting', async () => {
    const dir = dataDir();
    const first = key();
    await withPush(dir, first);
    await expect(start(dir, { secretsKey: key() })).rejects.toThrow(
      /^SECRETS_KEY cannot unseal the (push )?secrets already in the database .*same SECRETS_KEY/,
    );
    // The same key starts; so does a new key with the old one after it (rotation).
    await start(dir, { secretsKey: first });
    await start(dir, { secretsKey: `${key()},${first}` });
  });

  it('names DATA_DIR/secrets.key when SECRETS_KEY is not set and the key file is not the one', async () => {
    const dir = dataDir();
    await withPush(dir, key());
    await expect(start(dir, { secretsKey: null })).rejects.toThrow(
      /secrets\.key \(DATA_DIR's key; SECRETS_KEY is not set\) cannot unseal/,
    );
  });

  /** As a database from before the check value: the same rows, without it. */
  const forgetCheckValue = async (dir: string) => {
    const { sql, close } = await openTestStore(dir, keepOf(dir));
    try {
      await sql.all('DELETE FROM shared_secrets WHERE name = ?', 'secrets-key-check');
      expect(
        await sql.all('SELECT name FROM shared_secrets WHERE name = ?', 'secrets-key-check'),
      ).toEqual([]);
    } finally {
      await close();
    }
  };

  it(`refuses a restart with another key before any secret is stored (${testEngine()})`, async () => {
    const dir = dataDir();
    const first = key();
    await start(dir, { secretsKey: first });
    await expect(start(dir, { secretsKey: key() })).rejects.toThrow(
      /^SECRETS_KEY cannot unseal the secrets already in the database/,
    );
    await start(dir, { secretsKey: first });
  });

  it('refuses a key that cannot unseal the push inbox secrets, checked before the check value', async () => {
    const dir = dataDir();
    const first = key();
    const cloud = await createTestCloud({ dataDir: dir, secretsKey: first, pushInbox: true });
    try {
      const inbox = await cloud.call('POST', '/v1/push-inboxes', {
        body: { secret: 'an inbox secret' },
      });
      expect(inbox.status).toBe(200);
    } finally {
      await cloud.close();
    }
    await expect(start(dir, { secretsKey: key() })).rejects.toThrow(
      /^SECRETS_KEY cannot unseal the push inbox secrets already in the database/,
    );
    await start(dir, { secretsKey: first });
  });

  it('on a database from before the check value, tries the sign-in records and seals no check value under a wrong key', async () => {
    const dir = dataDir();
    const first = key();
    await start(dir, { secretsKey: first });
    const { store, close } = await openTestStore(dir, keepOf(dir));
    try {
      const sealer = new Sealer([Buffer.from(first, 'base64')]);
      await new OidcModels(store.oidcModels, sealer)
        .adapterFor('Session')
        .upsert('a-session', { accountId: 'someone' }, 3_600);
    } finally {
      await close();
    }
    await forgetCheckValue(dir);
    await expect(start(dir, { secretsKey: key() })).rejects.toThrow(
      /^SECRETS_KEY cannot unseal the sign-in records already in the database/,
    );
    // The wrong key sealed nothing: the right one still starts, and seals the check value.
    await start(dir, { secretsKey: first });
    await expect(start(dir, { secretsKey: key() })).rejects.toThrow(
      /^SECRETS_KEY cannot unseal the secrets already in the database/,
    );
  });

  it('after a rotation the old key can go: sign-in records under it read as expired, no refusal', async () => {
    const dir = dataDir();
    const old = key();
    await start(dir, { secretsKey: old });
    const { store, close } = await openTestStore(dir, keepOf(dir));
    try {
      await new OidcModels(store.oidcModels, new Sealer([Buffer.from(old, 'base64')]))
        .adapterFor('Session')
        .upsert('a-session', { accountId: 'someone' }, 3_600);
    } finally {
      await close();
    }
    const next = key();
    await start(dir, { secretsKey: `${next},${old}` });
    await start(dir, { secretsKey: next });
    await expect(start(dir, { secretsKey: old })).rejects.toThrow(/cannot unseal the secrets/);
  });
});
