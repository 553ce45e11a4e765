import { describe, expect, it } from 'vitest';
import { useCloud } from '../test/lifecycle.ts';
import { buildWorld } from '../test/world.ts';
import { fuzz } from '../test/fuzzer.ts';

/**
 * The hostile-caller suite's fuzzer in CI (issue 19): 2,000 requests from a fixed seed over every
 * operation of /v1/openapi.json. `npm run fuzz -- --count 20000` runs more.
 */
describe('fuzzing every operation as every user and none', () => {
  const suite = useCloud(buildWorld);

  it('answers 2,000 requests inside the contract, never 5xx, changing data only when it says 2xx', async () => {
    const report = await fuzz(suite.cloud, suite.data, { count: 2_000, seed: 19 });
    expect(report.problems).toEqual([]);
    expect(report.requests).toBe(2_000);
    expect(report.operations).toBeGreaterThan(20);
    // Refusals and successes both occur: the fuzzer reaches past authentication.
    for (const status of ['200', '400', '401', '403', '404']) {
      expect(report.byStatus[status] ?? 0).toBeGreaterThan(0);
    }
  }, 240_000);
});
