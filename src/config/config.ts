import type { ConfigSchema } from './config-schema.ts';

export interface OidcSettings {
  authority: string;
  clientId: string;
  audience: string | undefined;
  /** RFC 8707 resource indicator, sent at sign-in and refresh. */
  resource?: string | undefined;
  scope: string;
}

export interface ConsoleConfig {
  /** Absolute, without a trailing slash. */
  apiBaseUrl: string;
  authMode: 'oidc' | 'basic';
  oidc: OidcSettings | null;
  mapTileUrl: string;
  mapAttribution: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(message: string, problems: string[]) {
    super(message);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function absolute(address: string, origin: string): string {
  return new URL(address, origin).href.replace(/\/+$/, '');
}

/** Validates the parsed JSON of /config.json; throws ConfigError listing every problem. */
export function parseConfig(json: unknown, origin: string, schema: ConfigSchema): ConsoleConfig {
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new ConfigError(
      'The runtime configuration /config.json is not valid.',
      result.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      ),
    );
  }
  const raw = result.data;
  let oidc: OidcSettings | null = null;
  if (raw.authMode === 'oidc') {
    const missing = (['authority', 'clientId'] as const).filter((key) => raw[key] === undefined);
    if (missing.length > 0 || raw.authority === undefined || raw.clientId === undefined) {
      throw new ConfigError(
        'The runtime configuration /config.json is not valid.',
        missing.map((key) => `${key}: required when authMode is "oidc"`),
      );
    }
    oidc = {
      authority: absolute(raw.authority, origin),
      clientId: raw.clientId,
      audience: raw.audience,
      resource: raw.resource,
      scope: raw.scope,
    };
  }
  return {
    apiBaseUrl: absolute(raw.apiBaseUrl, origin),
    authMode: raw.authMode,
    oidc,
    mapTileUrl: raw.mapTileUrl,
    mapAttribution: raw.mapAttribution,
  };
}

/** Fetches /config.json fresh (it changes per deployment, never per build). */
export async function loadConfig(
  fetcher: typeof fetch = fetch,
  origin = window.location.origin,
): Promise<ConsoleConfig> {
  // The validator (zod) downloads while /config.json is on its way, not before the entry runs.
  const schema = import('./config-schema.ts').then((module) => module.ConsoleConfigSchema);
  let response: Response;
  try {
    response = await fetcher('/config.json', { cache: 'no-cache' });
  } catch {
    throw new ConfigError('The runtime configuration /config.json could not be fetched.', [
      'The server did not answer. Check that it is running and reachable.',
    ]);
  }
  if (!response.ok) {
    throw new ConfigError('The runtime configuration /config.json could not be fetched.', [
      `The server answered HTTP ${response.status}.`,
    ]);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError('The runtime configuration /config.json is not valid.', [
      'It is not valid JSON.',
    ]);
  }
  return parseConfig(json, origin, await schema);
}
