import { digestMatches, keyDigest, newGatewayKey, type GatewayKeyStore } from '../gateway-keys.ts';
import type { PgScope } from './database.ts';

export class PgGatewayKeyStore implements GatewayKeyStore {
  private readonly s: PgScope;

  constructor(scope: PgScope) {
    this.s = scope;
  }

  async issue(gatewayId: number, now: number): Promise<string> {
    const key = newGatewayKey();
    await this.s.run(
      `INSERT INTO gateway_keys (gateway_id, key_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (gateway_id) DO UPDATE
         SET key_hash = excluded.key_hash, created_at = excluded.created_at`,
      [gatewayId, keyDigest(key), now],
    );
    return key;
  }

  async matches(gatewayId: number, key: string): Promise<boolean> {
    const row = await this.s.one<{ key_hash: string }>(
      'SELECT key_hash FROM gateway_keys WHERE gateway_id = $1',
      [gatewayId],
      'gateway-key',
    );
    return row !== undefined && digestMatches(row.key_hash, key);
  }
}
