import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { buildApp } from '../app.ts';
import { TEST_SCRYPT } from '../auth/passwords.ts';
import { testConfig } from '../config.ts';
import { admin } from '../test/postgres-cluster.ts';
import { openTestStore, testEngine, type TestStore } from '../test/test-store.ts';
import { seedDemoIfEmpty } from './seed-demo.ts';
import { demoGroups } from './fleet.ts';
import { demoUsers } from './demo-accounts.ts';

describe('seeding an empty database', () => {
  it('happens once when instances start together on it', async () => {
    // Two instances on one database: two stores (two pools) on PostgreSQL; SQLite serves one
    // instance, so there two callers in it.
    const database = `seed_${randomBytes(5).toString('hex')}`;
    const stores: TestStore[] = [await openTestStore(':memory:', database)];
    const first = stores[0];
    if (!first) throw new Error('no store');
    if (testEngine() === 'postgres') stores.push(await openTestStore(':memory:', database));
    try {
      const clouds = await Promise.all(
        [0, 1].map((i) =>
          buildApp({ store: (stores[i] ?? first).store, config: testConfig({ logLevel: 'warn' }) }),
        ),
      );
      const seeded = await Promise.all(
        clouds.map((cloud) =>
          seedDemoIfEmpty(cloud.services, cloud.app.log, {
            size: { vans: 2, reefers: 2, trucks: 1 },
            days: 0,
            // The strong scrypt costs seconds of CPU per account on a busy machine (4 accounts,
            // and a sign-in per instance below): this test is about taking turns, not hashing.
            scrypt: TEST_SCRYPT,
          }),
        ),
      );
      expect(seeded.sort()).toEqual([false, true]);

      // Both instances see the one demo tenant: each group once, each person once.
      for (const cloud of clouds) {
        const groups = await cloud.app.inject({
          url: '/v1/channels?channelType=GROUP',
          headers: { authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}` },
        });
        expect(groups.statusCode).toBe(200);
        expect((groups.json() as ChannelRecord[]).map((g) => g.name).sort()).toEqual(
          demoGroups.map((g) => g.name).sort(),
        );
      }
      expect(await first.store.users.count()).toBe(demoUsers.length);
      await Promise.all(clouds.map((cloud) => cloud.app.close()));
    } finally {
      for (const { close } of stores) await close();
      const base = inject('postgresUrl');
      if (base) await admin(base, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  });
});
