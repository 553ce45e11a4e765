import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AlarmPage } from '../../contract/alarms.ts';
import { testEngine } from '../test/test-store.ts';
import { admin } from './fault-load.ts';
import { SqliteCloud } from './sqlite-cloud.ts';

const MIN = 60_000;

/**
 * Issue 34: an excursion that has not lasted its delay yet is pending. It is kept as a row in
 * the transaction of the reading that began it (docs/decisions/0080-alarms.md), so a cloud
 * SIGKILLed between two deliveries raises it, once, from its first reading out, when the
 * excursion goes on past the delay after the restart; and one that ended while it was pending
 * raises nothing.
 */
describe.skipIf(testEngine() !== 'sqlite')('a pending excursion through SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-pending-'));
  const cloud = new SqliteCloud(dataDir);
  const start = async () => expect(await cloud.start()).toBe(true);
  const kill = () => cloud.kill();
  const api = async (method: string, path: string, credentials = admin) => {
    const answer = await fetch(`${cloud.url}${path}`, {
      method,
      headers: { authorization: credentials },
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return answer.json() as Promise<unknown>;
  };

  afterAll(async () => {
    await cloud.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('raises a pending excursion once after a restart, from its first reading out', async () => {
    await start();
    const { key } = (await api('POST', '/v1/gateways/GW-PK')) as { key: string };
    const [node] = (await api('POST', '/v1/nodes/RFR-PK?name=Reefer%20PK')) as { uuid: string }[];
    // No delayMinutes: the default, 15 minutes.
    const limits = encodeURIComponent(JSON.stringify({ temperature: { min: 0, max: 8 } }));
    await api('PUT', `/v1/channels/${node?.uuid}/properties?properties=${limits}`);
    const gateway = `Basic ${Buffer.from(`GW-PK:${key}`).toString('base64')}`;
    const deliver = async (points: [minutes: number, celsius: number][]) => {
      const messages = points.map(([minutes, temperature]) => ({
        node: 'RFR-PK',
        sensor: 'temp',
        type: 'TEMP',
        ts: base + minutes * MIN,
        value: { temperature },
      }));
      const answer = await fetch(`${cloud.url}/v1/ingest`, {
        method: 'POST',
        headers: { authorization: gateway, 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
      });
      expect(await answer.json()).toMatchObject({ accepted: messages.length });
    };
    const alarms = async () =>
      ((await api('GET', `/v1/alarms?channel=${node?.uuid}&state=active`)) as AlarmPage).alarms;
    const base = Date.now() - 120 * MIN;

    // A door opening: out for 4 minutes, killed while pending, back in after the restart.
    await deliver([
      [0, 4],
      [2, 11],
      [4, 11],
    ]);
    await kill();
    await start();
    await deliver([[6, 5]]);
    expect(await alarms()).toEqual([]);

    // A unit that stopped: out from minute 20, killed at minute 30 (pending), still out at 36:
    // raised then, 3 °C beyond the limit (major).
    await deliver([
      [20, 10],
      [30, 10],
    ]);
    expect(await alarms()).toEqual([]);
    await kill();
    await start();
    await deliver([[36, 11]]);
    const raised = await alarms();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      excursionStart: { ts: base + 20 * MIN, value: 10 },
      raisedBy: { ts: base + 36 * MIN, value: 11 },
      severity: 'major',
    });
    // Killed again while raised: the same alarm goes on, none is added.
    await kill();
    await start();
    await deliver([[40, 14]]);
    const after = await alarms();
    expect(after.map((alarm) => alarm.id)).toEqual([raised[0]?.id]);
    // 6 °C beyond now: critical, on the same alarm.
    expect(after[0]).toMatchObject({ peak: { value: 14 }, severity: 'critical' });
  }, 600_000);
});
