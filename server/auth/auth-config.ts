/** An outside OpenID provider the cloud trusts instead of its own (issue 3, "External identity provider"). */
export interface ExternalIdpConfig {
  /** Exactly as the provider's discovery document names it, e.g. https://example.eu.auth0.com/ */
  issuer: string;
  /** The claim with the person's roles or groups; a dotted path reaches into objects. */
  rolesClaim: string;
  /** The tenant of accounts made at a first sign-in. */
  tenant: string;
  /** Claim value → permission set names; null when claim values are permission set names. */
  roleMap: Record<string, string[]> | null;
  /** The JWT `typ` header values accepted (many providers write "JWT" on access tokens). */
  tokenTypes: string[];
  /** The console's client at that provider, for the runtime configuration the cloud serves. */
  clientId: string | null;
  /** What the console asks for at sign-in; `offline_access` only when the operator adds it. */
  scope: string;
}

export interface AuthConfig {
  /** The API's audience: what access tokens must be issued for. */
  audience: string;
  /** Lifetime of access tokens, in seconds. */
  accessTokenTtl: number;
  /** Where the console client may be sent back after sign-in, exactly. */
  consoleRedirectUris: string[];
  /** Where the console client may be sent after sign-out, exactly. */
  consoleLogoutUris: string[];
  /** The `machine` client's secret; null: one is made and kept in the data directory. */
  machineSecret: string | null;
  /** When set, the built-in identity provider is off and this one is trusted. */
  external: ExternalIdpConfig | null;
}

const DEFAULT_AUDIENCE = 'https://api.telemetry.local';
/** The console's sign-in scope unless configured: no `offline_access` (issue 10, point 4). */
export const CONSOLE_SCOPE = 'openid profile email';

export function defaultAuthConfig(publicUrl: string): AuthConfig {
  return {
    audience: DEFAULT_AUDIENCE,
    accessTokenTtl: 900,
    consoleRedirectUris: [`${publicUrl}/callback`],
    consoleLogoutUris: [`${publicUrl}/`],
    machineSecret: null,
    external: null,
  };
}

const list = (value: string) => value.split(/[\s,]+/).filter(Boolean);

function absoluteUrls(name: string, value: string): string[] {
  const urls = list(value);
  for (const url of urls) {
    if (!URL.canParse(url)) throw new Error(`${name}: "${url}" is not an absolute URL`);
  }
  return urls;
}

/** `value=set[,value=set…]`; a value may be named more than once to give several sets. */
export function parseRoleMap(value: string): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const at = entry.lastIndexOf('=');
    const claimValue = entry.slice(0, at).trim();
    const set = entry.slice(at + 1).trim();
    if (at <= 0 || !claimValue || !set) {
      throw new Error(`AUTH_EXTERNAL_ROLE_MAP: "${entry}" is not claimValue=permissionSet`);
    }
    (map[claimValue] ??= []).push(set);
  }
  return map;
}

export function authConfigFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): AuthConfig {
  const defaults = defaultAuthConfig(publicUrl);
  const ttl = env.AUTH_ACCESS_TOKEN_TTL;
  if (ttl !== undefined && !/^[1-9]\d{0,5}$/.test(ttl)) {
    throw new Error(`AUTH_ACCESS_TOKEN_TTL must be a number of seconds, not "${ttl}"`);
  }
  return {
    audience: env.AUTH_AUDIENCE || defaults.audience,
    accessTokenTtl: ttl ? Number(ttl) : defaults.accessTokenTtl,
    consoleRedirectUris: env.AUTH_CONSOLE_REDIRECT_URIS
      ? absoluteUrls('AUTH_CONSOLE_REDIRECT_URIS', env.AUTH_CONSOLE_REDIRECT_URIS)
      : defaults.consoleRedirectUris,
    consoleLogoutUris: env.AUTH_CONSOLE_LOGOUT_URIS
      ? absoluteUrls('AUTH_CONSOLE_LOGOUT_URIS', env.AUTH_CONSOLE_LOGOUT_URIS)
      : defaults.consoleLogoutUris,
    machineSecret: env.AUTH_MACHINE_SECRET || null,
    external: externalFromEnv(env),
  };
}

function externalFromEnv(env: NodeJS.ProcessEnv): ExternalIdpConfig | null {
  const issuer = env.AUTH_EXTERNAL_ISSUER;
  if (!issuer) return null;
  if (!URL.canParse(issuer)) throw new Error(`AUTH_EXTERNAL_ISSUER: "${issuer}" is not a URL`);
  const tenant = env.AUTH_EXTERNAL_TENANT;
  if (!tenant) {
    throw new Error('AUTH_EXTERNAL_TENANT must name the tenant of accounts made at first sign-in');
  }
  return {
    issuer,
    rolesClaim: env.AUTH_EXTERNAL_ROLES_CLAIM || 'roles',
    tenant,
    roleMap: env.AUTH_EXTERNAL_ROLE_MAP ? parseRoleMap(env.AUTH_EXTERNAL_ROLE_MAP) : null,
    tokenTypes: list(env.AUTH_EXTERNAL_TOKEN_TYPES || 'at+jwt,JWT'),
    clientId: env.AUTH_EXTERNAL_CLIENT_ID || null,
    scope: (env.AUTH_EXTERNAL_SCOPE || CONSOLE_SCOPE).split(/\s+/).filter(Boolean).join(' '),
  };
}
