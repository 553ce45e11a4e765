import { expect } from 'vitest';
import { errorCodes, type ErrorCode } from '../../contract/status.ts';
import type { Answer } from './harness.ts';

const codeOf = Object.fromEntries(
  Object.entries(errorCodes).map(([code, status]) => [status, code]),
) as Record<number, ErrorCode>;

/**
 * docs/decisions/0005-errors.md, "Errors": the status, and exactly `{"status": CODE, "message": text}` with the
 * CODE of that status. Returns the message so tests can check what it names.
 */
export function expectError(answer: Answer, status: number, messagePart?: string | RegExp): string {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = answer.json as { status: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['message', 'status']);
  expect(body.status).toBe(codeOf[status]);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (messagePart !== undefined) expect(body.message).toMatch(messagePart);
  if (status === 401) expect(answer.headers['www-authenticate']).toBeTruthy();
  return body.message;
}

/** Section 2.2: the status result. */
export function expectOk(answer: Answer): void {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json).toEqual({ status: 'OK' });
}

/** The keys of a JSON object, sorted: for "exactly these fields" checks. */
export const keysOf = (value: unknown): string[] => Object.keys(value as object).sort();
