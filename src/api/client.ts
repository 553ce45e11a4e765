import type { z } from 'zod';
import { explainFailure } from './connection-failure.ts';
import { ApiError, errorFromResponse } from './errors.ts';
import { loadSchemas, type Schemas } from './schemas-loader.ts';

export interface ApiClientOptions {
  baseUrl: string;
  /** The Authorization header value, or null when nobody is signed in. */
  authorization: () => Promise<string | null>;
  /** Called when the cloud no longer accepts the session's credentials (`sent`). */
  onUnauthorized: (error: ApiError, sent: string) => void;
}

let options: ApiClientOptions | null = null;

/** The session hands the client its credentials; every request goes through this one place. */
export function configureApiClient(next: ApiClientOptions | null): void {
  options = next;
}

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. The interface takes everything in the query; our extensions take bodies. */
  body?: unknown;
  /** Picks the validator of the answer from the contract's schemas (loaded on demand). */
  schema: (schemas: Schemas) => z.ZodType<T>;
  signal?: AbortSignal;
  /** Sign-in checks send their own credentials instead of the session's. */
  authorization?: string;
  /** Operations that need no credentials (admin ping, the OpenAPI document). */
  anonymous?: boolean;
  /** Conditions such as If-Match (docs/decisions/0171-properties-if-match.md). */
  headers?: Record<string, string>;
}

function apiUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(baseUrl + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.href;
}

/** The session's connection, for the history engine (src/api/history-engine/). */
export function sessionConnection(): ApiClientOptions | null {
  return options;
}

/**
 * Sends one request: the one place that adds credentials and `X-Requested-With`, turns failures
 * into ApiErrors in the cloud's words and reports a refused session. Answers the 2xx Response
 * unread: `fetchJson` reads it as JSON, live streams read it as it arrives
 * (src/api/live-events.ts).
 */
async function fetchResponse(
  connection: ApiClientOptions | null,
  path: string,
  request: Omit<RequestOptions<unknown>, 'schema'> & { headers?: Record<string, string> },
): Promise<Response> {
  if (connection === null) throw new ApiError(0, 'UNKNOWN', 'The API client is not configured.');
  const { baseUrl, authorization, onUnauthorized } = connection;
  // The cloud then never offers a Basic challenge, which would open the browser's own dialog.
  const headers: Record<string, string> = {
    ...request.headers,
    'X-Requested-With': 'XMLHttpRequest',
  };
  const credentials = request.authorization ?? (await authorization());
  if (credentials !== null) headers.Authorization = credentials;
  else if (!request.anonymous) {
    // Nobody is signed in (a route warming its data before the sign-in page shows): ask nothing.
    throw new ApiError(401, 'UNAUTHORIZED', 'Sign in first.');
  }

  const url = apiUrl(baseUrl, path, request.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers:
        request.body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Down, or refused by the browser (CORS, this page's policy): each asks for another fix.
    throw await explainFailure(url, apiUrl(baseUrl, '/v1/admin/ping'));
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (response.status === 401 && request.authorization === undefined && credentials !== null) {
      onUnauthorized(error, credentials);
    }
    throw error;
  }
  return response;
}

/** A request with the session's credentials, for a body read as it arrives (live streams). */
export function apiResponse(
  path: string,
  request: Omit<RequestOptions<unknown>, 'schema'> & { headers?: Record<string, string> },
): Promise<Response> {
  return fetchResponse(options, path, request);
}

/**
 * Sends one request (fetchResponse) and reads its JSON body, unchecked. `apiRequest` checks the
 * body against the contract; the history engine checks its answers while it stores them as
 * columns.
 */
export async function fetchJson(
  connection: ApiClientOptions | null,
  path: string,
  request: Omit<RequestOptions<unknown>, 'schema'> & { headers?: Record<string, string> },
): Promise<{ status: number; body: unknown }> {
  const response = await fetchResponse(connection, path, request);
  try {
    return { status: response.status, body: await response.json() };
  } catch {
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      'The cloud answered something other than JSON.',
    );
  }
}

export async function apiRequest<T>(path: string, request: RequestOptions<T>): Promise<T> {
  const validator = loadSchemas();
  const { status, body } = await fetchJson(options, path, request);
  const parsed = request.schema(await validator).safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      status,
      'INVALID_RESPONSE',
      'The cloud’s answer does not follow the Telemetry Cloud interface.',
      `${request.method ?? 'GET'} ${path.split('?')[0]}: ${parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

/** Path segments are user-typed (group names, serials): never let one change the path. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
