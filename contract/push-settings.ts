import { z } from 'zod';
import {
  PUSH_INTERVAL_MAX_S,
  PUSH_SECRET_MAX_LENGTH,
  PUSH_SECRET_MIN_LENGTH,
  PUSH_URL_MAX_LENGTH,
} from './limits.ts';

/** Standard Webhooks' prefix of a base64 secret. */
export const WHSEC_PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether a `whsec_` secret carries valid base64 after its prefix. Other secrets are always
 * usable (as their UTF-8 bytes), so only these can be malformed.
 */
export function isUsableSecret(secret: string): boolean {
  if (!secret.startsWith(WHSEC_PREFIX)) return true;
  const encoded = secret.slice(WHSEC_PREFIX.length);
  return encoded.length > 0 && BASE64.test(encoded);
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Where push delivers (docs/decisions/0009-requests.md, "Requests" and "Push delivery"). Whether the cloud may reach the address
 * (private and loopback networks) is the cloud's own check, made when it is set and again on
 * every delivery.
 */
export const PushAddress = z
  .string()
  .max(PUSH_URL_MAX_LENGTH, `must be at most ${PUSH_URL_MAX_LENGTH} characters`)
  .refine((value) => parseUrl(value) !== undefined, {
    message: 'must be a full address, such as https://example.com/telemetry',
    abort: true,
  })
  .refine((value) => ['http:', 'https:'].includes(parseUrl(value)?.protocol ?? ''), {
    message: 'must start with https:// or http://',
    abort: true,
  })
  .refine((value) => parseUrl(value)?.hostname !== '', {
    message: 'must name a host',
    abort: true,
  })
  .refine((value) => {
    const url = parseUrl(value);
    return url?.username === '' && url.password === '';
  }, 'must not carry a user name or password: the secret signs each delivery');

/** 0 delivers each event at once; N gathers events for N seconds and delivers them as one batch. */
export const PushIntervalSeconds = z
  .number()
  .int('must be a whole number of seconds, 0 or more')
  .min(0, 'must be a whole number of seconds, 0 or more')
  .max(PUSH_INTERVAL_MAX_S, `must be at most ${PUSH_INTERVAL_MAX_S} seconds (one day)`);

export const PushSecret = z
  .string()
  .min(PUSH_SECRET_MIN_LENGTH, `must be at least ${PUSH_SECRET_MIN_LENGTH} characters`)
  .max(PUSH_SECRET_MAX_LENGTH, `must be at most ${PUSH_SECRET_MAX_LENGTH} characters`)
  .refine(isUsableSecret, `must be base64 after its ${WHSEC_PREFIX} prefix`);
