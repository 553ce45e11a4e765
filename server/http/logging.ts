import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Request URLs are logged with query parameter names only: the interface carries push secrets
 * and properties in the query string, and neither belongs in a log.
 */
function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const names = new URLSearchParams(url.slice(question + 1)).keys();
  return `${url.slice(0, question)}?${[...new Set(names)].map((name) => `${name}=…`).join('&')}`;
}

export function loggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
