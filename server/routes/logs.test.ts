import { describe, expect, it } from 'vitest';
import { T0 } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { commission, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { bearer, tokenFor } from '../test/tokens.ts';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('what the cloud logs', () => {
  // Requests are logged at debug (one line each, decision 0178): the test reads them too.
  const suite = useCloud(undefined, { logLevel: 'debug' });

  it('never contains push secrets, passwords, tokens, gateway keys or property values', async () => {
    const { cloud } = suite;
    const node = await commission(cloud, 'VAN-LOG');
    const gateway = await registerGateway(cloud, 'GW-LOG');
    const secrets = {
      push: 'push-secret-7f3a',
      whsec: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LTEyMzQ1',
      wrongPassword: 'wrong-password-91b2',
      property: 'confidential-site-4411',
    };
    expectOk(
      await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
        query: { to: 'https://hooks.example/log', secret: secrets.push },
      }),
    );
    expectOk(
      await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
        query: { to: 'https://hooks.example/log', secret: secrets.whsec, interval: '5' },
      }),
    );
    expectError(
      await cloud.call('PUT', `/v1/channels/${node.uuid}/push`, {
        query: { to: 'https://hooks.example/log', secret: secrets.push, interval: 'often' },
      }),
      400,
    );
    expectOk(
      await cloud.call('PUT', `/v1/channels/${node.uuid}/properties`, {
        query: { properties: JSON.stringify({ site: secrets.property }) },
      }),
    );
    expectError(
      await cloud.call('GET', '/v1/userinfo', {
        as: { username: 'admin', password: secrets.wrongPassword },
      }),
      401,
    );
    for (const as of ['admin', 'fleet', 'support', 'acme'] as const) {
      expect((await cloud.call('GET', '/v1/userinfo', { as })).status).toBe(200);
    }
    expect((await ingest(cloud, gateway, [temp('VAN-LOG', T0 - 1_000, 1)])).status).toBe(200);
    const token = await tokenFor(cloud, 'fleet', 'demo-fleet');
    const withToken = await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    expect(withToken.status).toBe(200);
    const rotated = await cloud.call('POST', `/v1/gateways/${gateway.uuid}/key`);
    const newKey = (rotated.json as { key: string }).key;

    const logs = cloud.logs.join('');
    // Logging is on, and requests are in it (with parameter names only).
    expect(logs).toContain('/v1/channels/');
    expect(logs).toContain('secret=…');
    const forbidden = [
      ...Object.values(secrets),
      encodeURIComponent(secrets.whsec),
      'demo-admin',
      'demo-fleet',
      'demo-support',
      'demo-acme',
      base64('admin:demo-admin'),
      base64(`admin:${secrets.wrongPassword}`),
      gateway.key,
      newKey,
      base64(`${gateway.serial}:${gateway.key}`),
      token,
      token.split('.')[2] ?? token,
    ];
    for (const text of forbidden) expect(logs).not.toContain(text);
  });
});
