import { describe, expect, it } from 'vitest';
import { ConsoleConfigSchema } from './config-schema.ts';
import { ConfigError, loadConfig, parseConfig } from './config.ts';

const origin = 'https://console.example.com';

describe('runtime configuration', () => {
  it('resolves relative addresses against the page and fills defaults', () => {
    const config = parseConfig(
      {
        apiBaseUrl: '/',
        authMode: 'oidc',
        authority: '/auth',
        clientId: 'console',
        audience: 'https://api.telemetry.local',
      },
      origin,
      ConsoleConfigSchema,
    );
    expect(config.apiBaseUrl).toBe('https://console.example.com');
    expect(config.oidc).toEqual({
      authority: 'https://console.example.com/auth',
      clientId: 'console',
      audience: 'https://api.telemetry.local',
      scope: 'openid profile email',
    });
    expect(config.mapTileUrl).toContain('{z}');
  });

  it('lists every problem, including unknown keys and OIDC settings missing', () => {
    expect(() =>
      parseConfig({ apiBaseUrl: '', authMode: 'saml', colour: 'red' }, origin, ConsoleConfigSchema),
    ).toThrow(ConfigError);
    try {
      parseConfig({ apiBaseUrl: '/', authMode: 'oidc' }, origin, ConsoleConfigSchema);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'authority: required when authMode is "oidc"',
        'clientId: required when authMode is "oidc"',
      ]);
    }
  });

  it('says when /config.json is not JSON or not there', async () => {
    const notJson = async () => new Response('<html>', { status: 200 });
    await expect(loadConfig(notJson as unknown as typeof fetch, origin)).rejects.toMatchObject({
      problems: ['It is not valid JSON.'],
    });
    const missing = async () => new Response('', { status: 404 });
    await expect(loadConfig(missing as unknown as typeof fetch, origin)).rejects.toMatchObject({
      problems: ['The server answered HTTP 404.'],
    });
  });
});
