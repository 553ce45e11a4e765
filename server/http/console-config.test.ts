import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigFromEnv } from '../auth/auth-config.ts';
import { testConfig } from '../config.ts';
import { createTestCloud } from '../test/harness.ts';
import { cloudTrusting, OutsideIssuer } from '../test/outside-issuer.ts';
import {
  consoleConfigWarnings,
  consoleConnectOrigins,
  generatedConsoleConfig,
} from './console-config.ts';

// Issue 10, point 6: one configuration. The cloud serves the console's runtime configuration
// from its own settings; a hand-written config.json still wins, and is checked at start.

const publicUrl = 'https://cloud.example';
const outside = (env: Record<string, string> = {}) =>
  testConfig({
    publicUrl,
    auth: authConfigFromEnv(
      {
        AUTH_EXTERNAL_ISSUER: 'https://sso.example/realms/fleet',
        AUTH_EXTERNAL_TENANT: 'demo',
        AUTH_EXTERNAL_CLIENT_ID: 'telemetry-console',
        ...env,
      },
      publicUrl,
    ),
  });

describe('the runtime configuration the cloud makes', () => {
  it('names the built-in provider, relative to wherever the cloud is reached', () => {
    expect(generatedConsoleConfig(testConfig({ publicUrl }))).toEqual({
      apiBaseUrl: '/',
      authMode: 'oidc',
      authority: '/auth',
      clientId: 'console',
      audience: 'https://api.telemetry.local',
      scope: 'openid profile email',
    });
  });

  it('names the outside provider of AUTH_EXTERNAL_*, with offline_access only when configured', () => {
    expect(generatedConsoleConfig(outside())).toEqual({
      apiBaseUrl: '/',
      authMode: 'oidc',
      authority: 'https://sso.example/realms/fleet',
      clientId: 'telemetry-console',
      audience: 'https://api.telemetry.local',
      scope: 'openid profile email',
    });
    const offline = outside({ AUTH_EXTERNAL_SCOPE: 'openid profile email offline_access' });
    expect(generatedConsoleConfig(offline).scope).toBe('openid profile email offline_access');
  });

  it('serves the resource indicator and audience parameter as configured (issue 21)', () => {
    const resource = outside({ AUTH_EXTERNAL_RESOURCE: 'https://api.fleet.example/' });
    expect(generatedConsoleConfig(resource)).toMatchObject({
      resource: 'https://api.fleet.example/',
    });
    expect(generatedConsoleConfig(resource)).not.toHaveProperty('audience');
    const neither = outside({ AUTH_EXTERNAL_AUDIENCE_PARAM: 'off' });
    expect(generatedConsoleConfig(neither)).not.toHaveProperty('audience');
    expect(generatedConsoleConfig(neither)).not.toHaveProperty('resource');
  });

  it('lets the console connect to the provider and its endpoints on other hosts', () => {
    expect(consoleConnectOrigins(testConfig({ publicUrl }), null)).toEqual([]);
    expect(consoleConnectOrigins(outside(), null)).toEqual(['https://sso.example']);
    const discovery = {
      issuer: 'https://sso.example/realms/fleet',
      jwks_uri: 'https://sso.example/certs',
      token_endpoint: 'https://tokens.sso.example/token',
      revocation_endpoint: 'https://sso.example/revoke',
    };
    expect(consoleConnectOrigins(outside(), discovery)).toEqual([
      'https://sso.example',
      'https://tokens.sso.example',
    ]);
  });
});

describe('a hand-written config.json, checked at start', () => {
  const path = '/srv/console/config.json';
  const warn = (settings: unknown, config = outside()) =>
    consoleConfigWarnings(
      JSON.stringify(settings),
      path,
      config,
      consoleConnectOrigins(config, null),
    );

  it('finds nothing wrong with one that matches the settings', () => {
    expect(
      warn({ apiBaseUrl: '/', authMode: 'oidc', authority: 'https://sso.example/realms/fleet/' }),
    ).toEqual([]);
    expect(
      warn({ apiBaseUrl: '/', authMode: 'oidc', authority: '/auth' }, testConfig({ publicUrl })),
    ).toEqual([]);
    expect(warn({ apiBaseUrl: '/', authMode: 'basic' })).toEqual([]);
  });

  it('warns when the authority is on a host the console may not connect to', () => {
    const warnings = warn({
      apiBaseUrl: '/',
      authMode: 'oidc',
      authority: 'https://login.other.example/realms/fleet',
    });
    expect(warnings).toEqual([
      `${path} names authority https://login.other.example/realms/fleet, on https://login.other.example, but the console's Content-Security-Policy allows connections to 'self' https://sso.example only (connect-src): the browser will refuse them. Make authority the identity provider the cloud trusts (AUTH_EXTERNAL_ISSUER), or delete ${path} to serve the configuration made from the cloud's settings.`,
      `${path} names the authority https://login.other.example/realms/fleet, but the cloud takes tokens issued by https://sso.example/realms/fleet only: every sign-in would be refused. Make them the same.`,
    ]);
  });

  it('warns about an API on another host, and about the built-in provider replaced by hand', () => {
    const builtIn = testConfig({ publicUrl });
    const warnings = warn(
      {
        apiBaseUrl: 'https://api.other.example',
        authMode: 'oidc',
        authority: 'https://sso.example',
      },
      builtIn,
    );
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('names apiBaseUrl https://api.other.example');
    expect(warnings[2]).toContain('takes tokens issued by https://cloud.example/auth only');
  });

  it('says when it is not JSON', () => {
    expect(consoleConfigWarnings('{"apiBaseUrl": ', path, outside(), [])).toEqual([
      `${path} is not a JSON object: the console will say so instead of starting.`,
    ]);
  });
});

describe('GET /config.json', () => {
  let consoleDir: string;
  beforeAll(() => {
    consoleDir = mkdtempSync(join(tmpdir(), 'console-config-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Console</title>');
  });
  afterAll(() => rmSync(consoleDir, { recursive: true, force: true }));

  it('serves the configuration made from AUTH_EXTERNAL_*, under the console policy', async () => {
    const issuer = await new OutsideIssuer().start();
    // No console client named: the cloud warns and serves the default one.
    const cloud = await cloudTrusting(issuer, { AUTH_EXTERNAL_CLIENT_ID: '' }, { consoleDir });
    try {
      const answer = await cloud.app.inject({ url: '/config.json' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ authority: issuer.issuer, clientId: 'console' });
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain(
        `connect-src 'self' ${new URL(issuer.issuer).origin};`,
      );
      expect(cloud.logs.join('')).toContain('AUTH_EXTERNAL_CLIENT_ID is not set');
    } finally {
      await cloud.close();
      await issuer.stop();
    }
  });

  it('serves a hand-written config.json instead, and warns at start about what it breaks', async () => {
    const handWritten = {
      apiBaseUrl: '/',
      authMode: 'oidc',
      authority: 'https://elsewhere.example/auth',
      clientId: 'console',
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    };
    writeFileSync(join(consoleDir, 'config.json'), JSON.stringify(handWritten));
    const cloud = await createTestCloud({ consoleDir });
    try {
      const answer = await cloud.app.inject({ url: '/config.json' });
      expect(answer.json()).toEqual(handWritten);
      expect(answer.headers['content-security-policy']).toContain("connect-src 'self';");
      const logs = cloud.logs.join('');
      expect(logs).toContain('names authority https://elsewhere.example/auth');
      expect(logs).toContain("Content-Security-Policy allows connections to 'self' only");
    } finally {
      await cloud.close();
    }
  });
});
