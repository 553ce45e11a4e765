import { timingSafeEqual } from 'node:crypto';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { ApiError } from '../http/errors.ts';
import { NoQuery } from '../schemas/params.ts';

/** Seconds a client waits before asking a 503 /readyz again: the error handler's value. */
const READY_RETRY_AFTER = '2';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Our extension for operators and load balancers: liveness, readiness (the database is reachable
 * and its schema is this cloud's, and the instance is not shutting down) and Prometheus metrics.
 */
export function operationsRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/livez',
    {
      schema: {
        tags: ['extension: operations'],
        summary: 'The process answers (extension)',
        description: 'Answers as long as the process runs; restart it when this fails.',
        security: [],
        querystring: NoQuery,
        response: responses(StatusResult, ['BAD_REQUEST']),
      },
    },
    async () => ({ status: 'OK' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['extension: operations'],
        summary: 'The instance may take requests (extension)',
        description:
          'OK when the database answers and its schema is up to date; 503 otherwise, and from ' +
          'the moment the instance starts shutting down, so a load balancer stops sending to it.',
        security: [],
        querystring: NoQuery,
        response: responses(StatusResult, ['BAD_REQUEST', 'SERVICE_UNAVAILABLE']),
      },
    },
    async () => {
      // Retry-After as on every other 503 (0025): a probe or client reading it knows when to ask
      // again (a stopping instance: another instance, or this one's successor, by then).
      const retry = { 'retry-after': READY_RETRY_AFTER };
      if (services.lifecycle.draining) {
        throw new ApiError('SERVICE_UNAVAILABLE', 'This instance is shutting down.', retry);
      }
      let problem: string | undefined;
      try {
        problem = await services.store.notReady();
      } catch {
        problem = 'The database cannot be reached.';
      }
      if (problem !== undefined) throw new ApiError('SERVICE_UNAVAILABLE', problem, retry);
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/metrics',
    { config: { auth: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const token = services.config.metricsToken;
      if (token !== null) {
        const sent = request.headers.authorization ?? '';
        if (!same(sent, `Bearer ${token}`)) {
          throw new ApiError('UNAUTHORIZED', 'Send the metrics token as a bearer token.', {
            'www-authenticate': 'Bearer realm="metrics"',
          });
        }
      }
      const { registry } = services.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
