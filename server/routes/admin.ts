import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { ApiError } from '../http/errors.ts';
import { NoQuery } from '../schemas/params.ts';

export function adminRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/v1/admin/ping',
    {
      schema: {
        tags: ['admin'],
        summary: 'Check that the cloud is operational',
        description: 'Needs no credentials. Answers 503 when the database cannot be read.',
        security: [],
        querystring: NoQuery,
        response: responses(StatusResult, ['BAD_REQUEST', 'SERVICE_UNAVAILABLE']),
      },
    },
    async () => {
      try {
        await services.store.ping();
      } catch {
        throw new ApiError('SERVICE_UNAVAILABLE', 'The database cannot be read.');
      }
      return { status: 'OK' as const };
    },
  );
}
