import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../contract/channel.ts';
import { createTestCloud, type TestCloud } from './test/harness.ts';
import { testEngine } from './test/test-store.ts';
import { commission } from './test/fixtures.ts';
import { bearer, tokenFor } from './test/tokens.ts';

/** Within this a reach change made through one instance shows in another's listing. */
const STALE_MS = 2_000;

async function names(cloud: TestCloud): Promise<string[]> {
  const answer = await cloud.call('GET', '/v1/channels', { query: { channelType: 'NODE' } });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as ChannelRecord[]).map((record) => record.name);
}

/** Polls `check` (bounded by STALE_MS) until it holds; answers how long that took. */
async function within(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > STALE_MS) throw new Error(`not within ${STALE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two instances on one PostgreSQL database (docs/decisions/0051-reach-cache.md): each keeps
 * its callers' reach, and a change committed through one is announced to the other, which
 * forgets what it kept.
 */
describe.runIf(testEngine() === 'postgres')('the reach cache across instances', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-reach-'));
  let a: TestCloud;
  let b: TestCloud;

  beforeAll(async () => {
    // The same dataDir names the same kept database: two instances of one cloud.
    a = await createTestCloud({ dataDir });
    b = await createTestCloud({ dataDir });
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a change made through A is seen through B within 2 s; B keeps what did not change', async () => {
    const first = await commission(a, 'REACH-1', { name: 'Reach one' });
    await within(async () => (await names(b)).includes('Reach one'));
    // Renamed behind both instances' backs (no announcement): B answers what it kept, so it
    // does keep reach.
    await b.sql.all('UPDATE channels SET name = $1 WHERE uuid = $2', 'Renamed quietly', first.uuid);
    expect(await names(b)).toContain('Reach one');
    // A change through A: B forgets what it kept and reads both.
    await commission(a, 'REACH-2', { name: 'Reach two' });
    const took = await within(async () => {
      const now = await names(b);
      return now.includes('Reach two') && now.includes('Renamed quietly');
    });
    expect(took).toBeLessThanOrEqual(STALE_MS);
  });

  it('a permission set taken away through A is refused through B within 2 s (0162)', async () => {
    const token = await tokenFor(a, 'fleet', 'demo-fleet');
    const permissionsThroughB = async () => {
      const answer = await b.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
      expect(answer.status, answer.text).toBe(200);
      return (answer.json as { permissions: Record<string, string[]> }).permissions;
    };
    // B keeps fleet's user and grants once asked.
    expect(await permissionsThroughB()).toHaveProperty(['demo:assets']);
    await a.store.users.removePermissionSets(a.ids.fleet, ['demo-fleet']);
    const took = await within(async () => !('demo:assets' in (await permissionsThroughB())));
    expect(took).toBeLessThanOrEqual(STALE_MS);
    await a.store.users.addPermissionSets(a.ids.fleet, ['demo-fleet']);
    await within(async () => 'demo:assets' in (await permissionsThroughB()));
  });
});
