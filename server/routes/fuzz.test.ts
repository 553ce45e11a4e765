import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useCloud } from '../test/lifecycle.ts';
import { buildWorld } from '../test/world.ts';
import { fuzz } from '../test/fuzzer.ts';
import { dataDirWithKnownKey, refusedBearers } from '../test/refused-tokens.ts';

/**
 * The hostile-caller suite's fuzzer in CI (issue 19): 2,000 requests from a fixed seed over every
 * operation of /v1/openapi.json, live streams included, as every demo user, nobody, and bearer
 * tokens the API must refuse (expired, another audience, an ID token, a deleted user's).
 * `npm run fuzz -- --count 20000` runs more.
 */
describe('fuzzing every operation as every user and none', () => {
  const { dataDir, key } = dataDirWithKnownKey();
  const suite = useCloud(buildWorld, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers 2,000 requests inside the contract, never 5xx, no tenant’s data to another, changing data only when it says 2xx', async () => {
    const { cloud } = suite;
    const { genuine, refused } = await refusedBearers(cloud, key);
    // The refused tokens differ from one the cloud takes in the one thing each is about.
    const taken = await cloud.call('GET', '/v1/userinfo', { as: null, headers: genuine });
    expect(taken.json).toMatchObject({ username: 'fleet' });
    for (const headers of Object.values(refused)) {
      expect((await cloud.call('GET', '/v1/userinfo', { as: null, headers })).status).toBe(401);
    }

    const report = await fuzz(cloud, suite.data, { count: 2_000, seed: 19, refused });
    expect(report.problems).toEqual([]);
    expect(report.requests).toBe(2_000);
    expect(report.operations).toBeGreaterThan(20);
    // Refusals and successes both occur: the fuzzer reaches past authentication.
    for (const status of ['200', '400', '401', '403', '404']) {
      expect(report.byStatus[status] ?? 0).toBeGreaterThan(0);
    }
    expect(report.streams.opened).toBeGreaterThan(0);
    expect(report.streams.refused).toBeGreaterThan(0);
  }, 300_000);
});
