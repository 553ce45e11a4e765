import { describe, expect, it } from 'vitest';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import { demoProfiles } from '../test/demo-profiles.ts';

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

describe('GET /v1/userinfo', () => {
  const suite = useCloud();

  it.each(demoProfiles)('answers $username their profile and permissions', async (profile) => {
    const { username, password, name, email, permissions } = profile;
    const answer = await suite.cloud.call('GET', '/v1/userinfo', { as: { username, password } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ sub: expect.any(String), username, name, email, permissions });
  });

  it('takes the scheme name in any case', async () => {
    const answer = await suite.cloud.call('GET', '/v1/userinfo', {
      headers: { authorization: `basic ${basic('fleet:demo-fleet').slice(6)}` },
    });
    expect(answer.status).toBe(200);
  });
});

describe('401 without valid credentials', () => {
  const suite = useCloud();

  it.each([
    ['no Authorization header', undefined],
    ['a wrong password', basic('admin:demo-fleet')],
    ['an unknown user', basic('nobody:demo-admin')],
    ['an empty password', basic('admin:')],
    ['no colon', basic('admin')],
    ['not base64', 'Basic ***'],
    ['no credentials after the scheme', 'Basic'],
    ['an unsupported scheme', 'Digest username="admin"'],
    ['a bearer token that is no token', 'Bearer not-a-jwt'],
  ])('%s answers 401 with a challenge', async (_label, authorization) => {
    const answer = await suite.cloud.call('GET', '/v1/userinfo', {
      as: null,
      headers: authorization === undefined ? {} : { authorization },
    });
    expectError(answer, 401);
    expect(answer.headers['www-authenticate']).toMatch(/^Basic realm="telemetry"/);
  });

  it('every operation but ping, the OpenAPI document and ingestion asks for credentials first', async () => {
    const document = (await suite.cloud.call('GET', '/v1/openapi.json', { as: null })).json as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const before = await databaseState(suite.cloud);
    let checked = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.security !== undefined) continue; // ping (none) and ingestion (gateways)
        // Placeholders need not be valid: credentials are checked before input.
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const answer = await suite.cloud.call(method.toUpperCase() as 'GET', url, { as: null });
        expectError(answer, 401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(16);
    expect(await databaseState(suite.cloud)).toEqual(before);
  });

  it('offers both schemes, and console pages (X-Requested-With) no Basic challenge', async () => {
    const { cloud } = suite;
    const plain = await cloud.call('GET', '/v1/userinfo', { as: null });
    expect(plain.headers['www-authenticate']).toMatch(/^Basic realm=.*, Bearer realm=/);
    const fromConsole = await cloud.call('GET', '/v1/userinfo', {
      as: null,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expectError(fromConsole, 401);
    expect(fromConsole.headers['www-authenticate']).toMatch(/^Bearer realm=/);
    expect(fromConsole.headers['www-authenticate']).not.toMatch(/Basic/);
  });
});

describe('429 after repeated failed sign-ins', () => {
  const suite = useCloud();

  const signIn = (pair: string, remoteAddress?: string) =>
    suite.cloud.call('GET', '/v1/userinfo', {
      as: null,
      headers: { authorization: basic(pair) },
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });

  // That the refusal ends after the minute is tested on FailureThrottle with its own clock.
  it('refuses a user for the rest of the minute after ten failures', async () => {
    for (let i = 0; i < 10; i++) expectError(await signIn(`fleet:guess-${i}`), 401);

    const refused = await signIn('fleet:demo-fleet');
    expectError(refused, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectError(await signIn('fleet:guess-again'), 429);

    // Other users are not affected.
    expect((await signIn('support:demo-support')).status).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    for (let i = 0; i < 9; i++) expectError(await signIn(`support:guess-${i}`), 401);
    expect((await signIn('support:demo-support')).status).toBe(200);
    for (let i = 0; i < 9; i++) expectError(await signIn(`support:guess-${i}`), 401);
    expect((await signIn('support:demo-support')).status).toBe(200);
  });

  it('counts failures for unknown users too', async () => {
    // From an address of its own: the failures above also count against 127.0.0.1 as a whole
    // (docs/decisions/0042-throttle-the-attacker.md).
    for (let i = 0; i < 10; i++) expectError(await signIn(`ghost:guess-${i}`, '127.0.0.9'), 401);
    expectError(await signIn('ghost:guess', '127.0.0.9'), 429);
  });
});
