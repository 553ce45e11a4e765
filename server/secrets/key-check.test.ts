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
  const start = async (dir: string, settings: Partial<CloudConfig>) => {
    const keep = `d_${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`;
    const { store, close } = await openTestStore(dir, keep);
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

  it.skipIf(testEngine() !== 'postgres')(
    'refuses an instance whose key differs from the others, before any secret is stored',
    async () => {
      const dir = dataDir();
      const first = key();
      await start(dir, { secretsKey: first });
      await expect(start(dir, { secretsKey: key() })).rejects.toThrow(
        /^SECRETS_KEY cannot unseal the secrets already in the database/,
      );
      await start(dir, { secretsKey: first });
    },
  );
});
