import {
  CONSOLE_SCOPE,
  DEFAULT_CONSOLE_CLIENT,
  type ExternalIdpConfig,
} from '../auth/auth-config.ts';
import { issuerOf } from '../auth/identity-provider.ts';
import { AUTH_PREFIX } from '../auth/mount.ts';
import type { DiscoveryDocument } from '../auth/external-idp.ts';
import type { CloudConfig } from '../config.ts';

/**
 * The console's runtime configuration (docs/console.md, "Console"), made from the cloud's own settings so
 * that an operator configures sign-in once: the built-in provider at /auth, or the outside one of
 * AUTH_EXTERNAL_*. Addresses stay relative where they are the cloud's own, so the same answer
 * works however the cloud is reached. A hand-written config.json in the console's folder wins.
 */
export function generatedConsoleConfig(config: CloudConfig) {
  const { audience, external } = config.auth;
  return {
    apiBaseUrl: '/',
    authMode: 'oidc',
    authority: external ? external.issuer : AUTH_PREFIX,
    clientId: external?.clientId ?? DEFAULT_CONSOLE_CLIENT,
    // Sent as `audience` (Auth0) and `resource` (RFC 8707) at sign-in, as configured.
    ...(external ? audienceParams(external) : { audience }),
    scope: external ? external.scope : CONSOLE_SCOPE,
  };
}

function audienceParams(external: ExternalIdpConfig) {
  return {
    ...(external.audienceParam ? { audience: external.audienceParam } : {}),
    ...(external.resource ? { resource: external.resource } : {}),
  };
}

/**
 * Where the console's pages may connect besides their own origin: the outside provider's issuer
 * (discovery) and, once discovery has been read, its token and revocation endpoints, which some
 * providers serve from another host.
 */
export function consoleConnectOrigins(
  config: CloudConfig,
  discovery: DiscoveryDocument | null,
): string[] {
  const external = config.auth.external;
  if (!external) return [];
  const self = new URL(config.publicUrl).origin;
  const urls = [
    external.issuer,
    discovery?.token_endpoint,
    discovery?.revocation_endpoint,
    // The console reads the person's name, email and picture there once after sign-in.
    discovery?.userinfo_endpoint,
  ];
  const origins = urls.filter((url) => url !== undefined).map((url) => new URL(url).origin);
  return [...new Set(origins)].filter((origin) => origin !== self);
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * What is wrong, for the cloud that serves it, with a hand-written config.json (`text`, read from
 * `path`): addresses the console's Content-Security-Policy will not let it reach, and an
 * authority whose tokens the cloud does not take. Said once at start, as warnings.
 */
export function consoleConfigWarnings(
  text: string,
  path: string,
  config: CloudConfig,
  connectOrigins: readonly string[],
): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return [`${path} is not a JSON object: the console will say so instead of starting.`];
  }
  const settings = json as Record<string, unknown>;
  const self = new URL(config.publicUrl).origin;
  const allowed = new Set([self, ...connectOrigins]);
  const policy = ["'self'", ...connectOrigins].join(' ');
  const warnings: string[] = [];
  const resolve = (value: unknown) =>
    typeof value === 'string' && URL.canParse(value, `${self}/`)
      ? new URL(value, `${self}/`)
      : null;

  const check = (key: string) => {
    const url = resolve(settings[key]);
    if (url && !allowed.has(url.origin)) {
      warnings.push(
        `${path} names ${key} ${String(settings[key])}, on ${url.origin}, but the console's ` +
          `Content-Security-Policy allows connections to ${policy} only (connect-src): the browser ` +
          `will refuse them. ${
            key === 'authority'
              ? 'Make authority the identity provider the cloud trusts (AUTH_EXTERNAL_ISSUER)'
              : 'Serve the console from the cloud it talks to'
          }, or delete ${path} to serve the configuration made from the cloud's settings.`,
      );
    }
  };
  check('apiBaseUrl');
  if (settings.authMode !== 'oidc') return warnings;
  check('authority');

  const authority = resolve(settings.authority);
  const trusted = config.auth.external?.issuer ?? issuerOf(config.publicUrl);
  if (authority && trimmed(authority.href) !== trimmed(trusted)) {
    warnings.push(
      `${path} names the authority ${authority.href}, but the cloud takes tokens issued by ` +
        `${trusted} only: every sign-in would be refused. Make them the same.`,
    );
  }
  return warnings;
}
