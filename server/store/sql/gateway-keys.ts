import { digestMatches, keyDigest, newGatewayKey } from '../gateway-keys.ts';
import { Repository } from './queries.ts';

/**
 * Gateway credentials. A key is 256 random bits, so a plain SHA-256 digest is enough to store it
 * (no password stretching needed) and checking it costs microseconds per delivery.
 */
export class SqlGatewayKeyStore extends Repository {
  /** Issues a new key for the gateway, replacing any earlier one. Shown once, stored as a digest. */
  async issue(gatewayId: number, now: number): Promise<string> {
    const key = newGatewayKey();
    await this.s.exec(
      this.s.qb
        .insertInto('gateway_keys')
        .values({ gateway_id: gatewayId, key_hash: keyDigest(key), created_at: now })
        .onConflict((conflict) =>
          conflict.column('gateway_id').doUpdateSet((eb) => ({
            key_hash: eb.ref('excluded.key_hash'),
            created_at: eb.ref('excluded.created_at'),
          })),
        ),
    );
    return key;
  }

  async matches(gatewayId: number, key: string): Promise<boolean> {
    const row = await this.s.first(
      this.s.qb.selectFrom('gateway_keys').select('key_hash').where('gateway_id', '=', gatewayId),
      'gateway-key',
    );
    return row !== undefined && digestMatches(row.key_hash, key);
  }
}
