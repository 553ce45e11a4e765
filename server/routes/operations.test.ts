import { describe, expect, it } from 'vitest';
import { createTestCloud, T0 } from '../test/harness.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { commission, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { useCloud } from '../test/lifecycle.ts';

describe('GET /livez and /readyz (extension)', () => {
  const suite = useCloud();

  it('answer OK without credentials while the database answers', async () => {
    expectOk(await suite.cloud.call('GET', '/livez', { as: null }));
    expectOk(await suite.cloud.call('GET', '/readyz', { as: null }));
  });

  it('readyz answers 503 once the instance is shutting down; livez still answers', async () => {
    const cloud = await createTestCloud();
    try {
      cloud.services.lifecycle.draining = true;
      const answer = await cloud.call('GET', '/readyz', { as: null });
      expectError(answer, 503);
      expect(answer.json).toMatchObject({ message: 'This instance is shutting down.' });
      expect(answer.headers['retry-after']).toBe('2');
      expectOk(await cloud.call('GET', '/livez', { as: null }));
    } finally {
      await cloud.close();
    }
  });

  it('while the server closes, a late request answers 503 with Retry-After in the interface shape', async () => {
    const cloud = await createTestCloud();
    try {
      cloud.services.lifecycle.closing = true;
      const answer = await cloud.call('GET', '/v1/channels');
      expectError(answer, 503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers.connection).toBe('close');
    } finally {
      cloud.services.lifecycle.closing = false;
      await cloud.close();
    }
  });

  it('readyz answers 503 when the database cannot be reached', async () => {
    const cloud = await createTestCloud();
    await cloud.store.close();
    try {
      const answer = await cloud.call('GET', '/readyz', { as: null });
      expectError(answer, 503);
      expect(answer.headers['retry-after']).toBe('2');
    } finally {
      await cloud.app.close();
    }
  });
});

describe('GET /metrics (extension)', () => {
  const metricsOf = async (cloud: Awaited<ReturnType<typeof createTestCloud>>) => {
    const answer = await cloud.app.inject({ url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    return answer.body;
  };

  it('counts requests by route pattern and status, ingestion by outcome, and connections', async () => {
    const cloud = await createTestCloud();
    try {
      const gateway = await registerGateway(cloud);
      const node = await commission(cloud, 'VAN-M');
      await cloud.call('GET', `/v1/channels/${node.uuid}`);
      await cloud.call('GET', `/v1/channels/${node.uuid}`);
      await ingest(cloud, gateway, [
        temp('VAN-M', T0 - 1_000, 1),
        temp('VAN-M', T0 - 1_000, 1),
        temp('VAN-NONE', T0 - 1_000, 1),
      ]);
      const text = await metricsOf(cloud);
      expect(text).toContain(
        'http_requests_total{method="GET",route="/v1/channels/:channelUuid",status="200"} 2',
      );
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/v1\/channels\/:channelUuid"\} 2/,
      );
      expect(text).toContain('telemetry_ingested_messages_total{outcome="stored"} 1');
      expect(text).toContain('telemetry_ingested_messages_total{outcome="duplicate"} 1');
      expect(text).toContain('telemetry_ingested_messages_total{outcome="rejected"} 1');
      expect(text).toMatch(/telemetry_db_connections \d+/);
      // No path with a uuid in it becomes a label: one series per route, however many channels.
      expect(text).not.toContain(node.uuid);
    } finally {
      await cloud.close();
    }
  });

  it('asks for the metrics token when one is configured', async () => {
    const cloud = await createTestCloud({ metricsToken: 'scrape-me-please' });
    try {
      const refused = await cloud.app.inject({ url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      const wrong = await cloud.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const allowed = await cloud.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer scrape-me-please' },
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await cloud.close();
    }
  });
});
