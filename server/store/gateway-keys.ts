import type { Api } from './sql/queries.ts';
import type { SqlGatewayKeyStore } from './sql/gateway-keys.ts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type GatewayKeyStore = Api<SqlGatewayKeyStore>;

export const newGatewayKey = () => `gwk_${randomBytes(32).toString('base64url')}`;

export const keyDigest = (key: string) => createHash('sha256').update(key).digest('hex');

export function digestMatches(storedHex: string, key: string): boolean {
  return timingSafeEqual(Buffer.from(storedHex, 'hex'), Buffer.from(keyDigest(key), 'hex'));
}
