import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCloud, type TestCloud } from '../test/harness.ts';

// Issue 10, point 1: a console served from another origin reaches the API.
const CONSOLE = 'https://console.example';

describe('CORS_ORIGINS', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud({ corsOrigins: [CONSOLE, 'http://localhost:5174'] });
  });
  afterAll(() => cloud.close());

  const preflight = (origin: string, method = 'GET', headers = 'authorization') =>
    cloud.app.inject({
      method: 'OPTIONS',
      url: '/v1/channels?channelType=GROUP',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': headers,
      },
    });

  it('answers a preflight from a listed origin with the methods and headers the console uses', async () => {
    const answer = await preflight(CONSOLE, 'PUT', 'authorization,content-type,x-requested-with');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': CONSOLE,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers':
        'authorization, content-type, x-requested-with, last-event-id, if-match',
      'access-control-max-age': '600',
    });
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(answer.headers.vary)).toContain('Origin');
  });

  it('lets a live stream on another origin reconnect where it left off (Last-Event-ID)', async () => {
    const answer = await preflight(CONSOLE, 'GET', 'authorization,last-event-id,x-requested-with');
    expect(answer.statusCode).toBe(204);
    expect(String(answer.headers['access-control-allow-headers'])).toContain('last-event-id');
  });

  it('lets the page read answers and refusals, with the challenge that says why', async () => {
    const ok = await cloud.call('GET', '/v1/channels', {
      as: 'fleet',
      headers: { origin: CONSOLE },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(ok.headers['access-control-expose-headers']).toBe('www-authenticate, retry-after, etag');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();

    const refused = await cloud.call('GET', '/v1/channels', {
      as: null,
      headers: { origin: CONSOLE, authorization: 'Bearer x.y.z', 'x-requested-with': 'x' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');

    const missing = await cloud.call('GET', '/v1/nothing-here', { headers: { origin: CONSOLE } });
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(CONSOLE);
  });

  it('gives other origins nothing to go on, and says what to set in the preflight', async () => {
    const answer = await preflight('https://evil.example');
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.json()).toEqual({
      status: 'FORBIDDEN',
      message:
        'This origin is not in the cloud’s CORS_ORIGINS: to let a console at https://evil.example call the API, add it to CORS_ORIGINS.',
    });
    const call = await cloud.call('GET', '/v1/channels', {
      as: 'fleet',
      headers: { origin: 'https://console.example.evil.example' },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    // A prefix, another scheme or port is another origin.
    for (const origin of ['http://console.example', 'https://console.example:8443', 'null']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers OPTIONS that is not a preflight with 400, and never needs credentials', async () => {
    const answer = await cloud.app.inject({ method: 'OPTIONS', url: '/v1/channels' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: 'BAD_REQUEST' });
  });

  it('leaves the identity provider and the console alone', async () => {
    const answer = await cloud.app.inject({
      url: '/auth/.well-known/openid-configuration',
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers.vary ?? '')).not.toContain('Origin, Origin');
  });
});

describe('without CORS_ORIGINS', () => {
  let cloud: TestCloud;
  beforeAll(async () => {
    cloud = await createTestCloud();
  });
  afterAll(() => cloud.close());

  it('takes browser requests from its own origin only, and says how to allow another', async () => {
    const answer = await cloud.app.inject({
      method: 'OPTIONS',
      url: '/v1/channels',
      headers: { origin: CONSOLE, 'access-control-request-method': 'GET' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      message: expect.stringContaining(
        'This cloud takes browser requests from its own origin only',
      ),
    });
    const call = await cloud.call('GET', '/v1/channels', { headers: { origin: CONSOLE } });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});
