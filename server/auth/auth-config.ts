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
  /** RFC 8707 `resource` the console sends at sign-in and refresh; null: none. */
  resource: string | null;
  /** The `audience` parameter (Auth0's) the console sends at sign-in; null: none. */
  audienceParam: string | null;
  /** The clients whose tokens are taken: a token's azp, client_id or appid must be one. */
  clientIds: string[];
  /** RFC 7662 introspection for opaque access tokens; null: opaque tokens are refused. */
  introspection: IntrospectionConfig | null;
}

/** A confidential client of the provider that may ask its introspection endpoint (RFC 7662). */
export interface IntrospectionConfig {
  url: string;
  clientId: string;
  clientSecret: string;
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
  /** How long after `exp` (and before `nbf`/`iat`) a token is still taken; null: the default. */
  clockToleranceSeconds: number | null;
}

/** Clock tolerance unless AUTH_CLOCK_TOLERANCE_S says otherwise (issue 21: was 60 s, undocumented). */
export const DEFAULT_CLOCK_TOLERANCE_S = { builtIn: 5, external: 30 } as const;

const DEFAULT_AUDIENCE = 'https://api.telemetry.local';
/** The client the console signs in with when AUTH_EXTERNAL_CLIENT_ID does not name one. */
export const DEFAULT_CONSOLE_CLIENT = 'console';
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
    clockToleranceSeconds: null,
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
  const tolerance = env.AUTH_CLOCK_TOLERANCE_S;
  if (tolerance !== undefined && tolerance !== '' && !/^\d{1,3}$/.test(tolerance)) {
    throw new Error(
      `AUTH_CLOCK_TOLERANCE_S must be a number of seconds (0-999), not "${tolerance}"`,
    );
  }
  if (env.AUTH_AUDIENCE) refuseScopeList('AUTH_AUDIENCE', env.AUTH_AUDIENCE);
  const external = externalFromEnv(env);
  const audience = env.AUTH_AUDIENCE || external?.resource || defaults.audience;
  refuseScopeList('AUTH_AUDIENCE', audience);
  return {
    audience,
    accessTokenTtl: ttl ? Number(ttl) : defaults.accessTokenTtl,
    consoleRedirectUris: env.AUTH_CONSOLE_REDIRECT_URIS
      ? absoluteUrls('AUTH_CONSOLE_REDIRECT_URIS', env.AUTH_CONSOLE_REDIRECT_URIS)
      : defaults.consoleRedirectUris,
    consoleLogoutUris: env.AUTH_CONSOLE_LOGOUT_URIS
      ? absoluteUrls('AUTH_CONSOLE_LOGOUT_URIS', env.AUTH_CONSOLE_LOGOUT_URIS)
      : defaults.consoleLogoutUris,
    machineSecret: env.AUTH_MACHINE_SECRET || null,
    external,
    clockToleranceSeconds: tolerance ? Number(tolerance) : null,
  };
}

const SCOPES = new Set(['openid', 'profile', 'email', 'offline_access', 'phone', 'address']);

/**
 * An API identifier is one word; a value with spaces, or a standard scope, is the scope string
 * some providers (LemonLDAP::NG without additional audiences) write into `aud`. Every client of
 * the provider gets that same `aud`, so trusting it would take any client's tokens (issue 21).
 */
function refuseScopeList(name: string, value: string): void {
  const words = value.split(/\s+/).filter(Boolean);
  if (words.length > 1 || words.some((word) => SCOPES.has(word))) {
    throw new Error(
      `${name} "${value}" looks like a list of scopes, not an API identifier. A provider that ` +
        'writes the granted scopes into aud writes the same aud for every one of its clients, so ' +
        'it would bind tokens to nothing. Give the API an identifier at the provider (LemonLDAP::NG: ' +
        'an additional audience of the client; Keycloak: an audience mapper; Auth0: an API; ' +
        'others: a resource, AUTH_EXTERNAL_RESOURCE) and name it here.',
    );
  }
}

/** Google's tokeninfo endpoint (not RFC 7662): its answers have no `active` and it needs no client. */
export const isTokeninfo = (url: string) => new URL(url).pathname.endsWith('/tokeninfo');

/** `AUTH_EXTERNAL_INTROSPECTION_*`: all three or none. */
function introspectionFromEnv(env: NodeJS.ProcessEnv): IntrospectionConfig | null {
  const url = env.AUTH_EXTERNAL_INTROSPECTION_URL;
  const clientId = env.AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID;
  const clientSecret = env.AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET;
  if (!url && !clientId && !clientSecret) return null;
  if (!url || !URL.canParse(url)) {
    throw new Error(`AUTH_EXTERNAL_INTROSPECTION_URL: "${url ?? ''}" is not a URL`);
  }
  // Google's tokeninfo takes no client credentials; RFC 7662 endpoints require them.
  if (!isTokeninfo(url) && (!clientId || !clientSecret)) {
    throw new Error(
      'AUTH_EXTERNAL_INTROSPECTION_URL needs a confidential client of the provider: set ' +
        'AUTH_EXTERNAL_INTROSPECTION_CLIENT_ID and AUTH_EXTERNAL_INTROSPECTION_CLIENT_SECRET',
    );
  }
  return { url, clientId: clientId ?? '', clientSecret: clientSecret ?? '' };
}

function externalFromEnv(env: NodeJS.ProcessEnv): ExternalIdpConfig | null {
  const issuer = env.AUTH_EXTERNAL_ISSUER;
  if (!issuer) return null;
  if (!URL.canParse(issuer)) throw new Error(`AUTH_EXTERNAL_ISSUER: "${issuer}" is not a URL`);
  const tenant = env.AUTH_EXTERNAL_TENANT;
  if (!tenant) {
    throw new Error('AUTH_EXTERNAL_TENANT must name the tenant of accounts made at first sign-in');
  }
  const resource = env.AUTH_EXTERNAL_RESOURCE || null;
  if (resource !== null && !URL.canParse(resource)) {
    // RFC 8707 section 2: an absolute URI.
    throw new Error(`AUTH_EXTERNAL_RESOURCE: "${resource}" is not an absolute URI (RFC 8707)`);
  }
  // Unset: the audience, as before issue 21, unless a resource indicator replaces it; "off": none.
  const param = env.AUTH_EXTERNAL_AUDIENCE_PARAM;
  const audienceParam =
    param === 'off' ? null : param || (resource ? null : env.AUTH_AUDIENCE || DEFAULT_AUDIENCE);
  if (resource) refuseScopeList('AUTH_EXTERNAL_RESOURCE', resource);
  if (audienceParam) refuseScopeList('AUTH_EXTERNAL_AUDIENCE_PARAM', audienceParam);
  return {
    issuer,
    rolesClaim: env.AUTH_EXTERNAL_ROLES_CLAIM || 'roles',
    tenant,
    roleMap: env.AUTH_EXTERNAL_ROLE_MAP ? parseRoleMap(env.AUTH_EXTERNAL_ROLE_MAP) : null,
    tokenTypes: list(env.AUTH_EXTERNAL_TOKEN_TYPES || 'at+jwt,JWT'),
    clientId: env.AUTH_EXTERNAL_CLIENT_ID || null,
    scope: (env.AUTH_EXTERNAL_SCOPE || CONSOLE_SCOPE).split(/\s+/).filter(Boolean).join(' '),
    resource,
    audienceParam,
    clientIds: env.AUTH_EXTERNAL_CLIENT_IDS
      ? list(env.AUTH_EXTERNAL_CLIENT_IDS)
      : [env.AUTH_EXTERNAL_CLIENT_ID || DEFAULT_CONSOLE_CLIENT],
    introspection: introspectionFromEnv(env),
  };
}
