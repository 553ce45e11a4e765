import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

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

/**
 * Two info lines per request buried what an operator must read (issue 34: ~7,500 lines in 25
 * minutes of `npm start`): one line per answered request, at debug, so LOG_LEVEL=debug shows
 * them. A request that failed is still an error, and Fastify's other lines are unchanged.
 */
export class RequestsAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // The request's fields here too: no "incoming request" line carries them any more.
    reply.log.debug(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
