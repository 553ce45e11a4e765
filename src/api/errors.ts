import type { ErrorCode } from '../../contract/status.ts';
import type { Message } from '../i18n/message.ts';
import { loadSchemas } from './schemas-loader.ts';

/**
 * Besides the cloud's own codes: NETWORK (no answer), BLOCKED (the browser refused the answer or
 * the connection: CORS or this page's policy, see connection-failure.ts), INVALID_RESPONSE, UNKNOWN.
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'BLOCKED' | 'INVALID_RESPONSE' | 'UNKNOWN';

/** What the cloud refused or failed, with its own message for a person. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** For whoever runs the cloud (which request, what was wrong with the answer); not for the page. */
  readonly detail: string | undefined;
  /**
   * The console's own sentence for a failure it explained itself (connection-failure.ts), as
   * data the page says in its language; the message then says the same for developers.
   */
  readonly words: Message | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    detail?: string,
    words?: Message,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.words = words;
  }

  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }

  /**
   * The cloud itself answered 503 in its documented shape: it is up, but waiting for something it
   * needs (the identity provider, say) and its message says what. Not an outage: the header must
   * not call the cloud unreachable while it explains itself (issue 21).
   */
  get isCloudWaiting(): boolean {
    return this.status === 503 && this.code === 'SERVICE_UNAVAILABLE';
  }

  /**
   * The cloud is away, not refusing: no answer at all, or a gateway in front of it saying it
   * cannot reach it (502, 503 without the cloud's own body, 504).
   */
  get isOutage(): boolean {
    if (this.isCloudWaiting) return false;
    return this.isNetwork || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Reads an error answer; a body in the documented shape keeps the cloud's own words. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the status line.
  }
  const { ErrorBody } = await loadSchemas();
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.status, parsed.data.message);
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError(
    response.status,
    'UNKNOWN',
    `HTTP ${response.status}${statusText}`,
    undefined,
    { id: 'connection.http', values: { status: String(response.status), statusText } },
  );
}

/**
 * Whether asking again can bring a different answer: the network or the cloud failing (an
 * outage, 5xx) or asking too often (429). A refusal (400, 403, 404) is answered the same however
 * often it is asked, so no Retry is offered for it.
 */
export function retryCanHelp(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.isOutage || error.status >= 500 || error.status === 429;
}
