// zod's tree-shakable "mini" build: this validator runs before the first paint, so it is part of
// the first page's JavaScript budget (docs/decisions/0022-the-console.md, "Speed").
import * as z from 'zod/mini';

// The console's pages forbid eval (server/http/console.ts), so zod's compiled parsers can never
// run; without this, zod's probe for them is reported as a policy violation. This module holds
// the first validator the console runs, so every schema after it is jitless too.
z.config({ jitless: true });

const text = () => z.string().check(z.minLength(1, 'must not be empty'));

/** The keys of /config.json (docs/console.md, "Console"); unknown keys are refused so typos show. */
export const ConsoleConfigSchema = z.strictObject({
  /** Where the /v1 API lives; "/" is the console's own origin. Relative means this origin. */
  apiBaseUrl: text(),
  authMode: z.enum(['oidc', 'basic']),
  authority: z.optional(text()),
  clientId: z.optional(text()),
  /** Sent as `audience` at sign-in (Auth0). */
  audience: z.optional(text()),
  /** Sent as `resource` at sign-in and refresh (RFC 8707), an absolute URI. */
  resource: z.optional(z.url()),
  // offline_access only when a deployment asks for it (docs/decisions/0012-sign-in-and-tokens.md, "Refresh tokens").
  scope: z._default(text(), 'openid profile email'),
  mapTileUrl: z._default(
    z.string().check(z.regex(/\{z\}.*\{x\}.*\{y\}/, 'must contain {z}, {x} and {y}')),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  mapAttribution: z.optional(z.string()),
});

export type ConfigSchema = typeof ConsoleConfigSchema;
