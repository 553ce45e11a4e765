import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.ts';

const digest = (key: string) => createHash('sha256').update(key).digest();

/**
 * Gateway credentials. A key is 256 random bits, so a plain SHA-256 digest is enough to store it
 * (no password stretching needed) and checking it costs microseconds per delivery.
 */
export class GatewayKeyStore {
  private readonly upsert;
  private readonly hashOf;

  constructor(db: Db) {
    this.upsert = db.prepare(`
      INSERT INTO gateway_keys (gateway_id, key_hash, created_at) VALUES (?, ?, ?)
      ON CONFLICT (gateway_id) DO UPDATE SET key_hash = excluded.key_hash, created_at = excluded.created_at`);
    this.hashOf = db.prepare('SELECT key_hash FROM gateway_keys WHERE gateway_id = ?');
  }

  /** Issues a new key for the gateway, replacing any earlier one. Shown once, stored as a digest. */
  issue(gatewayId: number, now: number): string {
    const key = `gwk_${randomBytes(32).toString('base64url')}`;
    this.upsert.run(gatewayId, digest(key).toString('hex'), now);
    return key;
  }

  matches(gatewayId: number, key: string): boolean {
    const row = this.hashOf.get(gatewayId) as { key_hash: string } | undefined;
    if (!row) return false;
    return timingSafeEqual(Buffer.from(row.key_hash, 'hex'), digest(key));
  }
}
