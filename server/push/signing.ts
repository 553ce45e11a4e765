import { createHmac } from 'node:crypto';
import { WHSEC_PREFIX } from '../../contract/push-settings.ts';

/**
 * The HMAC key of a secret (docs/decisions/0016-push-delivery.md, "Push delivery"): `whsec_<base64>` is decoded as
 * the Standard Webhooks specification says; any other secret is used as its UTF-8 bytes, which the
 * official libraries accept in their raw format.
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
