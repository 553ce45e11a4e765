import type { FastifyBaseLogger, FastifyInstance, FastifyReply, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBody, errorCodes, type ErrorCode } from '../../contract/status.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Sends JSON text the store has already assembled (history, listings). */
export function sendJsonText(reply: FastifyReply, json: string, media = 'application/json') {
  return reply.type(`${media}; charset=utf-8`).send(json);
}

const errorDescriptions: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: 'Invalid input; nothing was changed',
  UNAUTHORIZED: 'Missing or invalid credentials',
  FORBIDDEN: 'The caller lacks the permission named in the message',
  NOT_FOUND: 'No such channel, or one out of the caller’s reach',
  CONFLICT: 'The request conflicts with the current state',
  PRECONDITION_FAILED: 'If-Match names properties that have changed since; nothing was changed',
  PAYLOAD_TOO_LARGE: 'The body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not JSON',
  TOO_MANY_REQUESTS: 'Too many failed sign-ins; see Retry-After',
  SERVICE_UNAVAILABLE: 'The cloud cannot answer now; try again later',
};

/** Whatever checks credentials may also answer these (throttling, keys out of reach). */
const withCredentials: readonly ErrorCode[] = ['TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE'];

/** Response schemas for the OpenAPI document: the success body plus the errors a route answers. */
export function responses<T extends z.ZodType>(
  success: T,
  errors: readonly ErrorCode[] = ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
) {
  const byStatus: Record<number, z.ZodType> = { 200: success };
  const all = errors.includes('UNAUTHORIZED') ? [...errors, ...withCredentials] : errors;
  for (const code of all) {
    byStatus[errorCodes[code]] = ErrorBody.describe(errorDescriptions[code] ?? code);
  }
  return byStatus;
}
