import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from './errors.ts';
import { errorCodes, type ErrorCode } from '../../contract/status.ts';
import { unavailableBecause } from '../store/database-faults.ts';

/** Seconds a client is asked to wait when the database is away: the cloud recovers within 2 s. */
const RETRY_AFTER_SECONDS = 2;

const where: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body',
  headers: 'header',
};

/** A zod issue as fastify-type-provider-zod hands it over in `error.validation`. */
interface Issue {
  keyword: string;
  /** JSON pointer of the field, e.g. "/count"; "/" for the whole object. */
  instancePath: string;
  message?: string;
  params?: { keys?: readonly string[] };
}

/** "query parameter count: must be at most 10000" — never the value itself (it may be a secret). */
function describeIssues(context: string | undefined, issues: readonly Issue[]): string {
  const place = where[context ?? ''] ?? 'request';
  return issues
    .slice(0, 5)
    .map((issue) => {
      const keys = issue.params?.keys;
      if (issue.keyword === 'unrecognized_keys' && keys) {
        const names = keys.map((key) => `'${key}'`).join(', ');
        return context === 'querystring'
          ? `unknown query parameter ${names}`
          : `${place}: unknown field ${names}`;
      }
      const path = issue.instancePath.split('/').filter(Boolean).join('.');
      return `${place}${path ? ` '${path}'` : ''}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type: send JSON or no body.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The Content-Length does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The body is empty although its content type is JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_BODY_PARSE: { code: 'BAD_REQUEST', message: 'The body could not be read.' },
};

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  statusCode: number,
  message: string,
) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ status: code, message });
}

/**
 * Errors of Fastify's router, before any route runs: a path that is not valid percent-encoding,
 * or a path segment longer than the router takes. Answered in the API's shape like the others.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path segment is too long.'
      : 'The path is not a valid URL: check its percent-encoding.';
  return sendError(reply, 'BAD_REQUEST', 400, message);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return sendError(reply, error.code, error.statusCode, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeIssues(
        error.validationContext,
        error.validation as unknown as Issue[],
      );
      return sendError(reply, 'BAD_REQUEST', 400, message);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return sendError(reply, known.code, errorCodes[known.code], known.message);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, 'BAD_REQUEST', 400, 'The request could not be understood.');
    }
    const unavailable = unavailableBecause(error);
    if (unavailable !== undefined) {
      // Expected while the database is away or busy: one line, no stack, and the client is told
      // when to come back (docs/decisions/0025-database-faults.md).
      request.log.warn(
        { method: request.method, url: request.routeOptions.url, reason: error.message },
        'database unavailable; answered 503',
      );
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 'SERVICE_UNAVAILABLE', 503, unavailable);
    }
    request.log.error(
      { err: error, method: request.method, url: request.routeOptions.url },
      'unexpected error',
    );
    return sendError(reply, 'INTERNAL_ERROR', 500, 'Something went wrong in the cloud.');
  });
}
