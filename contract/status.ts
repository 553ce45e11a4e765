import { z } from 'zod';

/** Section 2.2. */
export const StatusResult = z.object({ status: z.literal('OK') }).meta({ id: 'StatusResult' });
export type StatusResult = z.infer<typeof StatusResult>;

export const errorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A stale If-Match: docs/decisions/0171-properties-if-match.md. */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** docs/decisions/0005-errors.md, "Errors": every error answers this body. */
export const ErrorBody = z
  .object({
    status: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
