import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCloud } from '../test/harness.ts';
import { cloudTrusting, OutsideIssuer } from '../test/outside-issuer.ts';
import { bearer } from '../test/tokens.ts';

// Issue 21, items 4 and 5: roles that map to nothing are logged and shown; the profile the
// console reads from the provider (userinfo endpoint, ID token) names the account, and nothing else.

describe('a person of an outside provider, beyond the access token', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    cloud = await cloudTrusting(outside, {
      AUTH_EXTERNAL_ROLES_CLAIM: 'groups',
      AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet',
    });
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const as = (token: string) => ({ as: null, headers: bearer(token) });

  it('logs a first sign-in whose roles map to nothing, with the claim’s value, and tells the person', async () => {
    const token = await outside.token({ sub: 'lemon|rtyler', groups: 'Fleet-Managers, Drivers' });
    const answer = await cloud.call('GET', '/v1/userinfo', as(token));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      permissions: {},
      roles: {
        claim: 'groups',
        received: ['Fleet-Managers', 'Drivers'],
        unmapped: ['Fleet-Managers', 'Drivers'],
      },
    });
    const line = cloud.logs.find((entry) => entry.includes('first sign-in of lemon|rtyler'));
    expect(line).toContain(
      'the roles claim \\"groups\\" holds \\"Fleet-Managers, Drivers\\", which grants no permission set',
    );
    expect(line).toContain('AUTH_EXTERNAL_ROLE_MAP');
  });

  it('keeps spaces inside role names and splits comma strings on commas only', async () => {
    const token = await outside.token({ sub: 'lemon|dwho', groups: ' Fleet managers ,Support' });
    const answer = await cloud.call('GET', '/v1/userinfo', as(token));
    expect(answer.json).toMatchObject({
      permissions: { 'demo:assets.history': ['READ'] },
      roles: { received: ['Fleet managers', 'Support'], unmapped: ['Support'] },
    });
  });

  it('names the account from the profile the console sends, and grants nothing for it', async () => {
    const token = await outside.token({ sub: 'entra|oid-77', groups: [] });
    const first = await cloud.call('GET', '/v1/userinfo', as(token));
    expect(first.json).toMatchObject({ name: 'entra|oid-77', email: '' });
    const profile = { name: 'Grace Hopper', email: 'grace@customer.example' };
    const answer = await cloud.call('PUT', '/v1/userinfo/profile', { ...as(token), body: profile });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ...profile, permissions: {} });
    expect((await cloud.call('GET', '/v1/userinfo', as(token))).json).toMatchObject(profile);
  });

  it('refuses a profile that is not one, and changes nothing', async () => {
    const token = await outside.token({ sub: 'entra|oid-78' });
    const bad = await cloud.call('PUT', '/v1/userinfo/profile', {
      ...as(token),
      body: { name: 'Mallory', email: 'not an email', permissions: { 'demo:assets': ['DELETE'] } },
    });
    expect(bad.status).toBe(400);
    expect((await cloud.call('GET', '/v1/userinfo', as(token))).json).toMatchObject({
      name: 'entra|oid-78',
      permissions: {},
    });
  });
});

describe('the cloud’s own accounts', () => {
  it('keep the name and email the cloud gives them', async () => {
    const { createTestCloud } = await import('../test/harness.ts');
    const cloud = await createTestCloud();
    try {
      const answer = await cloud.call('PUT', '/v1/userinfo/profile', {
        body: { name: 'Someone Else' },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ username: 'admin' });
      expect(answer.json).not.toMatchObject({ name: 'Someone Else' });
    } finally {
      await cloud.close();
    }
  });
});
