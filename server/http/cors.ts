import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';

/**
 * What a console on another origin sends: credentials, JSON bodies, the Basic opt-out, where
 * a live stream left off when it reconnects, and the properties it edited (If-Match, 0171).
 */
const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'x-requested-with',
  'last-event-id',
  'if-match',
];
/**
 * The challenge says why a token was refused; Retry-After when to ask again (429, 503); ETag
 * which properties a channel's answer carries (docs/decisions/0171-properties-if-match.md).
 */
const CORS_EXPOSED_HEADERS = ['www-authenticate', 'retry-after', 'etag'];
const CORS_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
/** Browsers cap this (Chromium at 2 h); ten minutes keeps a changed CORS_ORIGINS prompt. */
const PREFLIGHT_MAX_AGE_S = 600;

const API = /^\/v1(\/|$)/;

function addVary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const present = typeof current === 'string' ? current.split(/\s*,\s*/) : [];
  reply.header('vary', [...new Set([...present, ...names].filter(Boolean))].join(', '));
}

/**
 * Cross-origin calls to the API (`/v1`) from the exact origins in CORS_ORIGINS, for a console
 * served elsewhere (docs/decisions/0022-the-console.md, "A console on another origin"). Credentials travel in the
 * Authorization header only: Access-Control-Allow-Credentials is never sent, so a browser never
 * attaches cookies, and the API never reads any. Other origins get no Access-Control-* header,
 * which the browser enforces; their preflight answers 403 saying what to set, for whoever reads
 * the network panel. `/auth` has its own CORS (its registered redirect URIs' origins), and the
 * console's files need none.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);

  app.addHook('onRequest', async (request, reply) => {
    if (!API.test(request.url)) return;
    addVary(reply, 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
  });

  app.route({
    method: 'OPTIONS',
    url: '/v1/*',
    config: { auth: 'none' },
    schema: { hide: true },
    handler(request: FastifyRequest, reply: FastifyReply) {
      const origin = request.headers.origin;
      const method = request.headers['access-control-request-method'];
      addVary(reply, 'Access-Control-Request-Method', 'Access-Control-Request-Headers');
      if (origin === undefined || method === undefined) {
        return sendError(
          reply,
          'BAD_REQUEST',
          400,
          'OPTIONS answers CORS preflights only: send Origin and Access-Control-Request-Method.',
        );
      }
      if (!allowed.has(origin)) {
        const hint =
          allowed.size === 0
            ? 'This cloud takes browser requests from its own origin only'
            : 'This origin is not in the cloud\u2019s CORS_ORIGINS';
        return sendError(
          reply,
          'FORBIDDEN',
          403,
          `${hint}: to let a console at ${origin.slice(0, 200)} call the API, add it to CORS_ORIGINS.`,
        );
      }
      return reply
        .code(204)
        .header('access-control-allow-methods', CORS_METHODS.join(', '))
        .header('access-control-allow-headers', CORS_ALLOWED_HEADERS.join(', '))
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send();
    },
  });
}
