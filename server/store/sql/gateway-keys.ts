import { digestMatches, keyDigest, newGatewayKey, type GatewayKeyStore } from '../gateway-keys.ts';
import type { Sql } from './queries.ts';

export class SqlGatewayKeyStore implements GatewayKeyStore {
  private readonly s: Sql;

  constructor(sql: Sql) {
    this.s = sql;
  }

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
