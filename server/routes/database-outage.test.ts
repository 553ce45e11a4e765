import { describe, expect, inject, it } from 'vitest';
import { createTestCloud, T0 } from '../test/harness.ts';
import { commission, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { testEngine } from '../test/test-store.ts';

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(testEngine() !== 'postgres')('while the database is away (issue 17)', () => {
  it('answers 503 with the reason and Retry-After, stays alive, and recovers by itself', async () => {
    const base = new URL(inject('postgresUrl') ?? '');
    const relay = await startTcpProxy({ host: base.hostname, port: Number(base.port) });
    const cloud = await createTestCloud({}, (url) => relay.through(url));
    try {
      const gateway = await registerGateway(cloud);
      const node = await commission(cloud, 'VAN-AWAY');
      const before = await ingest(cloud, gateway, [temp('VAN-AWAY', T0 - 60_000, 4)]);
      expect(before.status).toBe(200);

      await relay.cut();
      const listing = await cloud.call('GET', '/v1/channels');
      expect(listing.status).toBe(503);
      expect(listing.headers['retry-after']).toBe('2');
      expect(listing.json).toEqual({
        status: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/^The database cannot be reached/) as unknown,
      });
      // A gateway is told the same, and comes back later with what it could not deliver.
      const delivery = await ingest(cloud, gateway, [temp('VAN-AWAY', T0 - 30_000, 5)]);
      expect(delivery.status).toBe(503);
      expect(delivery.headers['retry-after']).toBe('2');
      // A live stream asked for meanwhile: the same answer, not a stream that never says anything.
      const stream = await cloud.app.inject({
        url: `/v1/channels/${node.uuid}/events`,
        headers: { authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}` },
      });
      expect(stream.statusCode).toBe(503);
      expect(stream.headers['retry-after']).toBe('2');
      expect(stream.json()).toMatchObject({ status: 'SERVICE_UNAVAILABLE' });
      const ready = await cloud.call('GET', '/readyz', { as: null });
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('2');
      expect((ready.json as { message: string }).message).toMatch(/database cannot be reached/);
      expect((await cloud.call('GET', '/livez', { as: null })).status).toBe(200);

      await relay.restore();
      const back = Date.now();
      await until(
        async () => ((await cloud.call('GET', '/v1/channels')).status === 200 ? true : undefined),
        2_000,
        'the API did not answer 200 again',
      );
      expect(Date.now() - back).toBeLessThan(2_000);
      expect((await cloud.call('GET', '/readyz', { as: null })).status).toBe(200);
      const again = await ingest(cloud, gateway, [temp('VAN-AWAY', T0 - 30_000, 5)]);
      expect(again.status).toBe(200);
      // What was acknowledged before the outage is kept, and stored once.
      const counted = await cloud.sql.all('SELECT count(*)::int AS n FROM readings');
      expect(counted).toEqual([{ n: 2 }]);
    } finally {
      await relay.restore().catch(() => undefined);
      await cloud.close();
      await relay.close();
    }
  }, 30_000);
});
