import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatestPositions, NodePosition } from '../../contract/positions.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { testEngine } from '../test/test-store.ts';
import { commission, gps, ingest, registerGateway, temp } from '../test/fixtures.ts';

async function node(cloud: TestCloud, name: string): Promise<NodePosition | undefined> {
  const answer = await cloud.call('GET', '/v1/positions');
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as LatestPositions).nodes.find((found) => found.nodeName === name);
}

/**
 * Two instances on one PostgreSQL database (docs/decisions/0151-positions-kept-in-memory.md):
 * each keeps positions in memory, and a reading stored through one is in the other's very next
 * answer (it reads the event log before answering), with no wait.
 */
describe.runIf(testEngine() === 'postgres')('positions kept in memory across instances', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-kept-positions-'));
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

  it('a reading ingested through A is in the next positions answer of B', async () => {
    const gateway = await registerGateway(a, 'GW-KEPT');
    await commission(a, 'KEPT-1', { name: 'Kept one' });
    await ingest(a, gateway, [gps('KEPT-1', T0 - 60_000, 52.1, 4.8)]);
    // B reads every sensor's newest once, here.
    expect((await node(b, 'Kept one'))?.gps?.ts).toBe(T0 - 60_000);
    const stored = await ingest(a, gateway, [
      temp('KEPT-1', T0 - 20_000, 6),
      gps('KEPT-1', T0 - 10_000, 52.2, 4.7),
    ]);
    expect(stored.json).toMatchObject({ accepted: 2 });
    const seen = await node(b, 'Kept one');
    expect(seen?.lastSeen).toBe(T0 - 10_000);
    expect(seen?.gps).toEqual({
      ts: T0 - 10_000,
      value: {
        ts: Math.floor((T0 - 10_000) / 1000),
        lat: 52.2,
        lon: 4.7,
        hdop: 1.2,
        fix: 3,
        view: 9,
      },
    });
    expect(seen?.temp?.value).toEqual({ ts: Math.floor((T0 - 20_000) / 1000), temperature: 6 });
    // And B's answer is the one its seeks give.
    b.services.positions.enabled = false;
    try {
      expect(await node(b, 'Kept one')).toEqual(seen);
    } finally {
      b.services.positions.enabled = true;
    }
  });
});
