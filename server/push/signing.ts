import { createHmac } from 'node:crypto';

const WHSEC_PREFIX = 'whsec_';
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

/**
 * The HMAC key of a secret (DESIGN.md "Push"): `whsec_<base64>` is decoded as the Standard
 * Webhooks specification says; any other secret is used as its UTF-8 bytes, which the official
 * libraries accept in their raw format.
 */
export function signingKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX)
    ? Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, timestamp in seconds. */
export function signDelivery(
  key: Buffer,
  id: string,
  timestampSeconds: number,
  body: string,
): WebhookHeaders {
  const signature = createHmac('sha256', key)
    .update(`${id}.${timestampSeconds}.`)
    .update(body)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
