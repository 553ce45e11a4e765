import { describe, expect, it } from 'vitest';
import type { Timeslice } from '../contract/timeslice.ts';
import { createTestCloud, T0, type TestCloud } from './test/harness.ts';
import { commission, ingest, registerGateway, temp } from './test/fixtures.ts';
import { Retention } from './retention.ts';
import { MAX_READING_AGE_DAYS } from './ingestion.ts';

const DAY = 86_400_000;
const quiet = { info: () => undefined, warn: () => undefined };

async function historyOf(cloud: TestCloud, uuid: string, from: number, to: number) {
  const answer = await cloud.call('GET', `/v1/channels/${uuid}/history`, {
    query: { from: String(from), to: String(to), count: '10000' },
  });
  return (answer.json as Timeslice[]).map((item) => item.ts);
}

describe('RETENTION_DAYS', () => {
  it('removes history older than the period, keeps the rest, and bounds each piece', async () => {
    const cloud = await createTestCloud();
    try {
      const gateway = await registerGateway(cloud);
      const node = await commission(cloud, 'VAN-RET', { name: 'Van Ret' });
      const old = [T0 - 10 * DAY, T0 - 10 * DAY + 1_000, T0 - 9 * DAY];
      const kept = [T0 - 2 * DAY, T0 - 60_000];
      const answer = await ingest(
        cloud,
        gateway,
        [...old, ...kept].map((ts, i) => temp('VAN-RET', ts, i)),
      );
      expect(answer.json).toMatchObject({ accepted: 5, rejected: [] });

      const retention = new Retention(cloud.store.readings, 3, () => cloud.clock.now, quiet);
      expect(await retention.runOnce()).toBeGreaterThan(0);

      expect(await historyOf(cloud, node.uuid, T0 - 10 * DAY, T0 - 9 * DAY)).toEqual([]);
      expect(await historyOf(cloud, node.uuid, T0 - 2 * DAY, T0 - 2 * DAY)).toEqual([kept[0]]);
      expect(await historyOf(cloud, node.uuid, T0 - DAY, T0)).toEqual([kept[1]]);
      const left = await cloud.sql.all(
        'SELECT (SELECT count(*) FROM readings WHERE ts < ?) AS r, ' +
          '(SELECT count(*) FROM channel_data WHERE ts < ?) AS d',
        T0 - 3 * DAY,
        T0 - 3 * DAY,
      );
      expect(left).toEqual([{ r: expect.anything(), d: expect.anything() }]);
      expect(Number(left[0]?.r)).toBe(0);
      expect(Number(left[0]?.d)).toBe(0);
      // Nothing more to do the second time.
      expect(await retention.runOnce()).toBe(0);
    } finally {
      await cloud.close();
    }
  });

  it('removes a bounded piece per call on SQLite, and whole days on PostgreSQL', async () => {
    const cloud = await createTestCloud();
    try {
      const gateway = await registerGateway(cloud);
      await commission(cloud, 'VAN-PIECE');
      const old = Array.from({ length: 6 }, (_, i) => T0 - 10 * DAY + i * 1_000);
      await ingest(
        cloud,
        gateway,
        [...old, T0 - 5 * DAY].map((ts) => temp('VAN-PIECE', ts, 1)),
      );
      const first = await cloud.store.readings.removeBefore(T0 - 3 * DAY, 4);
      if (cloud.store.engine === 'sqlite') {
        expect(first).toEqual({ removed: 4, more: true });
      } else {
        // The day ten days ago went whole (6 readings); five days ago is left for the next call.
        expect(first).toEqual({ removed: 6, more: true });
        const tables = await cloud.sql.all(
          "SELECT relname FROM pg_class WHERE relname LIKE 'readings_d%' AND relkind = 'r'",
        );
        expect(tables).toHaveLength(1);
      }
    } finally {
      await cloud.close();
    }
  });

  it('refuses readings older than the period, and older than 400 days without one', async () => {
    const cloud = await createTestCloud({ retentionDays: 3 });
    const unlimited = await createTestCloud();
    try {
      for (const each of [cloud, unlimited]) {
        const gateway = await registerGateway(each);
        await commission(each, 'VAN-AGE');
        const answer = await ingest(each, gateway, [
          temp('VAN-AGE', T0 - 4 * DAY, 1),
          temp('VAN-AGE', T0 - (MAX_READING_AGE_DAYS + 1) * DAY, 1),
          temp('VAN-AGE', T0 - 60_000, 1),
        ]);
        const limit = each === cloud ? '3 days in the past, beyond the retention period' : '';
        expect(answer.json).toMatchObject({
          accepted: each === cloud ? 1 : 2,
          rejected:
            each === cloud
              ? [
                  { index: 0, reason: `ts is more than ${limit}` },
                  { index: 1, reason: `ts is more than ${limit}` },
                ]
              : [{ index: 1, reason: `ts is more than ${MAX_READING_AGE_DAYS} days in the past` }],
        });
      }
    } finally {
      await cloud.close();
      await unlimited.close();
    }
  });
});
