import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorCodes, type ErrorCode } from '../../contract/status.ts';
import { responses } from './zod-app.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Documents the errors an operation may answer besides its own, so that the OpenAPI document
 * lists every status the cloud answers: 401 and 429 wherever users sign in, and 400, 413 and 415
 * wherever a client may send a body (Fastify reads one on these methods, even where an operation
 * takes none). Call before the routes are added.
 */
export function documentCommonErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<number, z.ZodType> | undefined;
    if (response === undefined) return;
    const codes: ErrorCode[] = [];
    if ((route.config?.auth ?? 'user') === 'user') codes.push('UNAUTHORIZED', 'TOO_MANY_REQUESTS');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => BODY_METHODS.has(method))) {
      codes.push('BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
    }
    const errors = responses(z.never(), codes);
    for (const code of codes) {
      const status = errorCodes[code];
      response[status] ??= errors[status] ?? z.never();
    }
  });
}
