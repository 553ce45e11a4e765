import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { Timeslice } from '../../contract/timeslice.ts';
import { createTestCloud, T0, type TestCloud } from '../test/harness.ts';
import { seedDemoFleet, type DemoSeed } from './seed-demo.ts';
import { LiveSimulator } from './simulator.ts';
import { demoSenders, Timeline } from './timeline.ts';

const MINUTE = 60_000;

describe('the live simulator', () => {
  let cloud: TestCloud;
  let seed: DemoSeed;
  let address: string;
  beforeAll(async () => {
    cloud = await createTestCloud();
    seed = await seedDemoFleet(cloud.services, cloud.ids, {
      size: { vans: 2, reefers: 1, trucks: 0 },
      days: 1,
    });
    address = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => cloud.close());

  const simulator = (baseUrl: string, intervalMs?: number) =>
    LiveSimulator.create({
      services: cloud.services,
      baseUrl,
      log: cloud.app.log,
      fleet: seed.fleet,
      ...(intervalMs !== undefined ? { intervalMs } : {}),
    });
  const channel = async (type: string, name: string) => {
    const answer = await cloud.call('GET', '/v1/channels', {
      query: { channelType: type, filter: name },
    });
    const found = (answer.json as ChannelRecord[]).find((r) => r.name === name);
    if (!found) throw new Error(`no ${type} ${name}`);
    return found;
  };
  const historyAfter = async (uuid: string, after: number, to: number) => {
    const answer = await cloud.call('GET', `/v1/channels/${uuid}/history`, {
      query: { from: String(after + 1), to: String(to), count: '10000' },
    });
    expect(answer.status).toBe(200);
    return answer.json as Timeslice[];
  };
  /** What the model says each sensor sent in (from, to], against what the cloud stored. */
  /** What the model says each sensor sent in (from, to], and what the cloud stored. */
  const storedAndModel = async (from: number, to: number) => {
    const rows = await cloud.sql.all(
      `SELECT n.reference || '/' || s.sensor_name || '@' || r.ts AS k FROM readings r
       JOIN channels s ON s.id = r.sensor_id JOIN channels n ON n.id = r.node_id
       WHERE r.ts > ? AND r.ts <= ?`,
      from,
      to,
    );
    const stored = rows.map((row) => String(row.k)).sort();
    const timeline = new Timeline();
    const model = demoSenders(seed.fleet)
      .flatMap((sender) =>
        timeline
          .between(sender, from, to)
          .map(({ message }) => `${message.node}/${message.sensor}@${message.ts}`),
      )
      .sort();
    return { stored, model };
  };
  const storedMatchesModel = async (from: number, to: number) => {
    const { stored, model } = await storedAndModel(from, to);
    expect(model.length).toBeGreaterThan(0);
    expect(stored).toEqual(model);
  };

  it('delivers over HTTP what follows the backfill, and it shows in sensor, node and group history', async () => {
    cloud.clock.now = T0 + 10 * MINUTE;
    const live = await simulator(address, 50);
    live.start();
    // Runs until everything due up to the (simulated) now has arrived, for at most 10 s.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { stored, model } = await storedAndModel(T0, cloud.clock.now);
      if (stored.length >= model.length) break;
      if (Date.now() > deadline) throw new Error('the live data did not arrive within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await live.stop();

    const sensor = await channel('SENSOR', 'Van 01/temp');
    const node = await channel('NODE', 'Van 01');
    const group = await channel('GROUP', 'Vans Westpoort');
    for (const uuid of [sensor.uuid, node.uuid, group.uuid]) {
      const live = await historyAfter(uuid, T0, cloud.clock.now);
      expect(live.length).toBeGreaterThan(0);
      expect(live.every((item) => item.gatewayName.startsWith('Gateway '))).toBe(true);
    }
    await storedMatchesModel(T0 - 60 * MINUTE, cloud.clock.now);
  });

  it('continues after a restart from what is stored: no gap, no duplicates', async () => {
    cloud.clock.now = T0 + 40 * MINUTE;
    const restarted = await simulator(address);
    const report = await restarted.tick();
    await restarted.stop();
    expect(report.delivered).toBeGreaterThan(0);
    expect(report).toMatchObject({ failed: 0, duplicates: 0, rejected: 0 });
    await storedMatchesModel(T0 - 60 * MINUTE, cloud.clock.now);
  });

  it('logs a failed delivery, keeps running and never logs a gateway key', async () => {
    cloud.clock.now = T0 + 50 * MINUTE;
    const unreachable = await simulator('http://127.0.0.1:1');
    const report = await unreachable.tick();
    await unreachable.stop();
    expect(report.failed).toBeGreaterThan(0);
    expect(report.delivered).toBe(0);
    expect(cloud.logs.join('')).toContain('could not deliver');
    // Every gateway key starts with gwk_; none may reach the log.
    expect(cloud.logs.join('')).not.toContain('gwk_');
  });
});
