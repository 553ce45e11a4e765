import type { FastifyInstance } from 'fastify';
import { needOfRoute } from './operation-needs.ts';

/**
 * Every API route takes who may call it from its row of operation-needs.ts; a /v1 route without
 * a row stops the cloud at start, so no operation goes unlisted (the authorization matrix test
 * covers the table's rows).
 */
export function credentialsFromTheTable(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds HEAD beside GET; it answers as its GET does.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const need = needOfRoute(method, route.url);
      if (!need) {
        if (route.url.startsWith('/v1/')) {
          throw new Error(`${method} ${route.url} has no row in server/routes/operation-needs.ts`);
        }
        continue;
      }
      route.config = { ...route.config, auth: need.credentials ?? 'user' };
    }
  });
}
