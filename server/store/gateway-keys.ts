import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Gateway credentials. A key is 256 random bits, so a plain SHA-256 digest is enough to store it
 * (no password stretching needed) and checking it costs microseconds per delivery.
 */
export interface GatewayKeyStore {
  /** Issues a new key for the gateway, replacing any earlier one. Shown once, stored as a digest. */
  issue(gatewayId: number, now: number): Promise<string>;
  matches(gatewayId: number, key: string): Promise<boolean>;
}

export const newGatewayKey = () => `gwk_${randomBytes(32).toString('base64url')}`;

export const keyDigest = (key: string) => createHash('sha256').update(key).digest('hex');

export function digestMatches(storedHex: string, key: string): boolean {
  return timingSafeEqual(Buffer.from(storedHex, 'hex'), Buffer.from(keyDigest(key), 'hex'));
}
