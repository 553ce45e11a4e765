import { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ZodApp } from '../http/zod-app.ts';
import { recordClientAddress } from './client-address.ts';

export const AUTH_PREFIX = '/auth';

type ProviderRequest = IncomingMessage & { originalUrl?: string };

/**
 * Auth0 takes JSON at its token and revocation endpoints (section 5.1.2 posts JSON); oidc-provider
 * takes forms. A JSON object of strings (numbers and booleans as text) becomes the same form.
 */
function jsonAsForm(text: string): Record<string, string> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const form: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') form[key] = field;
    else if (typeof field === 'number' || typeof field === 'boolean') form[key] = String(field);
    else return undefined;
  }
  return form;
}

/**
 * The same request with a form body in place of the JSON one Fastify has read: oidc-provider
 * then reads and parses it as it reads every form.
 */
function formRequest(original: IncomingMessage, body: string): IncomingMessage {
  const replay = new IncomingMessage(original.socket);
  replay.method = original.method;
  replay.url = original.url;
  replay.httpVersion = original.httpVersion;
  replay.httpVersionMajor = original.httpVersionMajor;
  replay.httpVersionMinor = original.httpVersionMinor;
  replay.headers = {
    ...original.headers,
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(body)),
  };
  // Complete, as the HTTP parser marks a request whose body has arrived: an incomplete one that
  // ends is taken for an aborted one, and Node then destroys the (real, shared) socket.
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}

/**
 * Serves oidc-provider (a Koa application) at /auth inside the cloud. Requests are handed over
 * untouched except that the provider sees itself mounted at /auth on PUBLIC_URL: its issuer,
 * endpoints and redirects then come from PUBLIC_URL however the request arrived (directly, or
 * through Vite's proxy in `npm run dev`), and no forwarded header a client sends is believed.
 */
export async function mountProvider(
  app: ZodApp,
  provider: Provider,
  publicUrl: string,
): Promise<void> {
  const { host, protocol, pathname } = new URL(publicUrl);
  const base = pathname.replace(/\/+$/, '');

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = {
        status: 'NOT_FOUND',
        message: `No operation ${ctx.method} ${AUTH_PREFIX}${ctx.path}.`,
      };
    }
  });
  // After every use(): Koa composes the middleware when the callback is made.
  const callback = provider.callback();

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    let raw: ProviderRequest = request.raw;
    if (typeof request.body === 'string') {
      const form = jsonAsForm(request.body);
      if (!form) {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: 'The body must be a JSON object whose values are strings.',
        });
      }
      raw = formRequest(raw, new URLSearchParams(form).toString());
    }
    const url = raw.url ?? AUTH_PREFIX;
    raw.originalUrl = `${base}${url}`;
    raw.url = url.slice(AUTH_PREFIX.length) || '/';
    raw.headers['x-forwarded-host'] = host;
    raw.headers['x-forwarded-proto'] = protocol.slice(0, -1);
    delete raw.headers['x-forwarded-for'];
    recordClientAddress(raw, request.ip);
    reply.hijack();
    await callback(raw, reply.raw);
  }

  await app.register(async (scope) => {
    // Bodies stay unread for the provider, which parses them itself; JSON is read here as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${AUTH_PREFIX}/*`,
      config: { auth: 'none' },
      schema: { hide: true },
      handler: handOver,
    });
  });
}
