import { digestMatches, keyDigest, newGatewayKey, type GatewayKeyStore } from '../gateway-keys.ts';
import type { SqliteScope } from './database.ts';

const upsert = `
  INSERT INTO gateway_keys (gateway_id, key_hash, created_at) VALUES (?, ?, ?)
  ON CONFLICT (gateway_id) DO UPDATE SET key_hash = excluded.key_hash, created_at = excluded.created_at`;
const hashOf = 'SELECT key_hash FROM gateway_keys WHERE gateway_id = ?';

export class SqliteGatewayKeyStore implements GatewayKeyStore {
  private readonly s: SqliteScope;

  constructor(scope: SqliteScope) {
    this.s = scope;
  }

  issue(gatewayId: number, now: number): Promise<string> {
    return this.s.run(() => {
      const key = newGatewayKey();
      this.s.prepare(upsert).run(gatewayId, keyDigest(key), now);
      return key;
    });
  }

  matches(gatewayId: number, key: string): Promise<boolean> {
    return this.s.run(() => {
      const row = this.s.prepare(hashOf).get(gatewayId) as { key_hash: string } | undefined;
      return row !== undefined && digestMatches(row.key_hash, key);
    });
  }
}
