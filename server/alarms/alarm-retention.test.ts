import { describe, expect, it } from 'vitest';
import type { AlarmPage } from '../../contract/alarms.ts';
import { createTestCloud, T0 } from '../test/harness.ts';
import { commission, ingest, registerGateway, temp } from '../test/fixtures.ts';
import { Retention } from '../retention.ts';

const DAY = 86_400_000;
const MIN = 60_000;
const quiet = { info: () => undefined, warn: () => undefined };

describe('RETENTION_DAYS keeps alarms as long as history', () => {
  it('removes alarms that ended before the period and keeps the active and recent ones', async () => {
    const cloud = await createTestCloud({ alarmHoldOffMinutes: 0 });
    try {
      const gateway = await registerGateway(cloud);
      const node = await commission(cloud, 'VAN-RET', { name: 'Van Ret' });
      const put = await cloud.call('PUT', `/v1/channels/${node.uuid}/properties`, {
        query: { properties: JSON.stringify({ temperature: { min: 0, max: 8, delayMinutes: 0 } }) },
      });
      expect(put.status, put.text).toBe(200);
      const at = (ts: number, celsius: number) => temp('VAN-RET', ts, celsius);
      // Out and back in ten days ago, out and back in two days ago, out now (still active).
      const readings = [
        at(T0 - 10 * DAY, 12),
        at(T0 - 10 * DAY + MIN, 4),
        at(T0 - 2 * DAY, 12),
        at(T0 - 2 * DAY + MIN, 4),
        at(T0 - MIN, 12),
      ];
      for (const reading of readings) {
        const answer = await ingest(cloud, gateway, [reading]);
        expect(answer.json).toMatchObject({ accepted: 1, rejected: [] });
      }
      const list = async () => {
        const answer = await cloud.call('GET', '/v1/alarms', { query: { channel: node.uuid } });
        expect(answer.status, answer.text).toBe(200);
        return (answer.json as AlarmPage).alarms.map((a) => [a.state, a.raisedAt]);
      };
      expect(await list()).toHaveLength(3);

      const retention = new Retention(cloud.store.alarms, 3, () => cloud.clock.now, quiet);
      expect(await retention.runOnce()).toBe(1);
      expect(await list()).toEqual([
        ['raised', T0 - MIN],
        ['cleared', T0 - 2 * DAY],
      ]);
      // Nothing more to remove: the active alarm stays however old it grows.
      expect(await retention.runOnce()).toBe(0);
    } finally {
      await cloud.close();
    }
  });
});
