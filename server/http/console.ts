import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { CloudConfig } from '../config.ts';
import type { ExternalProvider } from '../auth/external-idp.ts';
import { sendError } from './error-handler.ts';
import {
  consoleConfigWarnings,
  consoleConnectOrigins,
  generatedConsoleConfig,
} from './console-config.ts';

/**
 * The console keeps its session in this origin's storage, so its pages allow only this origin's
 * scripts and connections: an injected script could neither load code nor send a token away.
 * Map tiles may come from any https host (the runtime configuration names it); styles may be
 * inline because Mantine and Leaflet set them at run time. A deployment that serves the console
 * from elsewhere sets its own policy. `connectOrigins` adds an outside identity provider
 * (console-config.ts).
 */
export function consoleSecurityHeaders(connectOrigins: readonly string[] = []) {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      ["connect-src 'self'", ...connectOrigins].join(' '),
      "img-src 'self' data: blob: https:",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/**
 * Serves the built console at `/` with a fallback to index.html for its client-side routes, and
 * its runtime configuration at /config.json: a config.json in the console's folder when someone
 * wrote one there (the build writes none), else the one made from the cloud's settings.
 * Unknown /v1 and /auth paths still answer the API's JSON 404.
 */
export async function serveConsole(
  app: FastifyInstance,
  config: CloudConfig,
  external: ExternalProvider | null,
): Promise<void> {
  const { consoleDir } = config;
  // The provider's endpoints are known once its discovery document has been read, maybe later.
  const connectOrigins = () => consoleConnectOrigins(config, external?.discovery ?? null);
  const securityHeaders = () => consoleSecurityHeaders(connectOrigins());
  const root =
    consoleDir !== null && existsSync(join(consoleDir, 'index.html')) ? consoleDir : null;
  const handWritten = root !== null ? join(root, 'config.json') : null;
  if (handWritten !== null && existsSync(handWritten)) {
    const text = readFileSync(handWritten, 'utf8');
    for (const warning of consoleConfigWarnings(text, handWritten, config, connectOrigins())) {
      app.log.warn(warning);
    }
  } else if (config.auth.external && config.auth.external.clientId === null) {
    app.log.warn(
      'AUTH_EXTERNAL_CLIENT_ID is not set: the console signs in as client "console" at ' +
        `${config.auth.external.issuer}. Set it to the console's client id there.`,
    );
  }

  app.get(
    '/config.json',
    { config: { auth: 'none' }, schema: { hide: true } },
    (_request, reply) => {
      reply.headers(securityHeaders()).header('cache-control', 'no-cache');
      if (handWritten !== null && existsSync(handWritten)) return reply.sendFile('config.json');
      return reply.send(generatedConsoleConfig(config));
    },
  );

  if (root !== null) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a console rebuilt under a running cloud is served.
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      // The build writes .br and .gz beside each text asset (scripts/build/precompress.ts): the
      // one the browser accepts is sent, never compressed per request.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.headers(securityHeaders());
        // Hashed assets never change; the shell and the runtime configuration always may.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/v1') || path.startsWith('/auth');
    if (root !== null && !isApi && request.method === 'GET' && !/\.[a-z0-9]+$/i.test(path)) {
      return reply
        .headers(securityHeaders())
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND', 404, `No operation ${request.method} ${path}.`);
  });
}
