import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';

describe('GET /v1/admin/ping', () => {
  const suite = useCloud();

  it('answers OK without credentials', async () => {
    expectOk(await suite.cloud.call('GET', '/v1/admin/ping', { as: null }));
  });

  it('answers OK to any caller, whatever credentials it sends', async () => {
    for (const as of ['admin', 'fleet', 'support', 'acme'] as const) {
      expectOk(await suite.cloud.call('GET', '/v1/admin/ping', { as }));
    }
    expectOk(
      await suite.cloud.call('GET', '/v1/admin/ping', { as: { username: 'x', password: 'wrong' } }),
    );
  });

  it('answers 503 when the database cannot be read', async () => {
    const broken = await createTestCloud();
    await broken.store.close();
    expectError(await broken.call('GET', '/v1/admin/ping', { as: null }), 503);
    await broken.app.close();
  });
});

describe('GET /v1/openapi.json', () => {
  let cloud: TestCloud;
  let document: {
    openapi: string;
    paths: Record<
      string,
      Record<string, { responses: Record<string, unknown>; security?: unknown[] }>
    >;
  };
  beforeAll(async () => {
    cloud = await createTestCloud();
    const answer = await cloud.call('GET', '/v1/openapi.json', { as: null });
    expect(answer.status).toBe(200);
    document = answer.json as typeof document;
  });
  afterAll(() => cloud.close());

  it('is OpenAPI 3.1, served without credentials', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents the tenant a new group or node goes into, where the console looks for it', () => {
    for (const path of ['/v1/groups/{groupName}', '/v1/nodes/{nodeSerial}']) {
      const operation = document.paths[path]?.post as { parameters?: unknown[] } | undefined;
      expect(operation?.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'tenant', in: 'query' })]),
      );
    }
  });

  it('documents every operation of the interface and our extensions, under /v1 but for probes', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Health probes live at the root, where load balancers and orchestrators look for them.
    const probes = ['GET /livez', 'GET /readyz'];
    expect(documented).toEqual(expect.arrayContaining(probes));
    for (const operation of documented.filter((o) => !probes.includes(o))) {
      expect(operation).toMatch(/^[A-Z]+ \/v1\//);
    }
    // Other extensions may be documented besides these.
    expect(documented).toEqual(
      expect.arrayContaining([
        // 4.1 groups
        'POST /v1/groups/{groupName}',
        'POST /v1/groups/{groupUuid}/{sensorUuid}',
        'DELETE /v1/groups/{groupUuid}/{sensorUuid}',
        'DELETE /v1/groups/{groupUuid}',
        'GET /v1/groups/{groupUuid}',
        // 4.2 nodes
        'POST /v1/nodes/{nodeSerial}',
        'DELETE /v1/nodes/{nodeUuid}',
        // 4.3 admin
        'GET /v1/admin/ping',
        // 4.4 channels
        'PUT /v1/channels/{channelUuid}/properties',
        'DELETE /v1/channels/{channelUuid}/properties',
        'PUT /v1/channels/{channelUuid}/push',
        'DELETE /v1/channels/{channelUuid}/push',
        'GET /v1/channels/{channelUuid}',
        'GET /v1/channels/{channelUuid}/history',
        'GET /v1/channels',
        // 4.5 caller profile
        'GET /v1/userinfo',
        // extensions
        'POST /v1/gateways/{gatewaySerial}',
        'POST /v1/gateways/{gatewayUuid}/key',
        'POST /v1/ingest',
      ]),
    );
  });

  it('lists, for every operation, a success and the errors it answers', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toContain('200');
        expect(statuses, `${method} ${path}`).toContain('400');
        // Only what needs no credentials (security: [], e.g. ping) never answers 401.
        if (operation.security?.length !== 0) {
          expect(statuses, `${method} ${path}`).toContain('401');
        }
        if (method !== 'get') {
          expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
        }
      }
    }
  });
});
