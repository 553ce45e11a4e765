import { errorCodes, type ErrorCode } from '../../contract/status.ts';

/** An error with a status code and a message for a person; the error handler answers it as is. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.statusCode = errorCodes[code];
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new ApiError('BAD_REQUEST', message);
export const notFound = (message: string) => new ApiError('NOT_FOUND', message);
export const forbidden = (message: string) => new ApiError('FORBIDDEN', message);
export const conflict = (message: string) => new ApiError('CONFLICT', message);
