import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Timeslice } from '../../contract/timeslice.ts';
import { T0, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, keysOf } from '../test/assertions.ts';
import {
  commission,
  conn,
  createGroup,
  gps,
  ingest,
  registerGateway,
  channelOf,
  temp,
  type TestGateway,
} from '../test/fixtures.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import { HISTORY_COLUMNS_TYPE, type HistoryColumns } from '../../contract/history-columns.ts';

const DAY = 86_400_000;

async function history(
  cloud: TestCloud,
  channel: string,
  query: Record<string, string | number> = {},
): Promise<Timeslice[]> {
  const answer = await cloud.call('GET', `/v1/channels/${channel}/history`, {
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Timeslice[];
}
const tss = (items: Timeslice[]) => items.map((item) => item.ts);

/** The value fields a table holds for row `at`, leaving out the nulls (absent fields). */
function valueOf(table: Record<string, (number | boolean | null)[]>, at: number) {
  const value: Record<string, number | boolean> = {};
  for (const [key, column] of Object.entries(table)) {
    const cell = column[at];
    if (cell !== null && cell !== undefined) value[key] = cell;
  }
  return value;
}

/** The list a columnar answer stands for, written out item by item (as the test reads it). */
function itemsOf(columns: HistoryColumns): unknown[] {
  const seen = { T: 0, G: 0, C: 0 };
  return columns.ts.map((ts, row) => {
    const letter = columns.type.charAt(row) as 'T' | 'G' | 'C';
    const at = seen[letter]++;
    const table = { T: columns.temp, G: columns.gps, C: columns.conn }[letter];
    const gateway = columns.gateways[columns.gateway[row] ?? -1];
    return {
      channelUuid: columns.channel.uuid,
      channelName: columns.channel.name,
      gatewayUuid: gateway?.uuid,
      gatewayName: gateway?.name,
      ...columns.sensors[columns.sensor[row] ?? -1],
      ts,
      type: { T: 'TEMP', G: 'GPS', C: 'CONN' }[letter],
      value: valueOf(table, at),
    };
  });
}

async function deliver(cloud: TestCloud, gateway: TestGateway, messages: GatewayMessage[]) {
  for (let start = 0; start < messages.length; start += 1_000) {
    const answer = await ingest(cloud, gateway, messages.slice(start, start + 1_000));
    expect(answer.status, answer.text).toBe(200);
  }
}

describe('GET /v1/channels/{channelUuid}/history: items', () => {
  const suite = useCloud(async (cloud) => {
    const gateway = await registerGateway(cloud, 'GW-H');
    const group = await createGroup(cloud, 'History group');
    const node = await commission(cloud, 'VAN-H', { name: 'Van H', group: group.uuid });
    await deliver(cloud, gateway, [
      temp('VAN-H', T0 - 3_000, -18),
      gps('VAN-H', T0 - 2_000, 51.9225, 4.47917),
      conn('VAN-H', T0 - 1_000, 7, 42),
      {
        node: 'VAN-H',
        sensor: 'gps',
        type: 'GPS',
        ts: T0 - 500,
        value: { stationary: true, calculated: false },
      },
    ]);
    const sensors = Object.fromEntries(
      (await cloud.store.channels.sensorsOf([(await channelOf(cloud, node.uuid)).id])).map(
        (sensor) => [sensor.sensorName, sensor.uuid],
      ),
    );
    return { gateway, group, node, sensors };
  });

  it('answers timeslices with every field of section 2.3, newest first', async () => {
    const { cloud, data } = suite;
    const items = await history(cloud, data.node.uuid);
    expect(tss(items)).toEqual([T0 - 500, T0 - 1_000, T0 - 2_000, T0 - 3_000]);
    for (const item of items) {
      expect(keysOf(item)).toEqual(
        [
          'channelName',
          'channelUuid',
          'gatewayName',
          'gatewayUuid',
          'nodeName',
          'nodeUuid',
          'sensorName',
          'sensorUuid',
          'ts',
          'type',
          'value',
        ].sort(),
      );
      expect(item).toMatchObject({
        channelUuid: data.node.uuid,
        channelName: 'Van H',
        gatewayUuid: data.gateway.uuid,
        gatewayName: 'Gateway GW-H',
        nodeUuid: data.node.uuid,
        nodeName: 'Van H',
        sensorUuid: data.sensors[item.sensorName],
      });
    }
    expect(items.map(({ type, sensorName, value }) => ({ type, sensorName, value }))).toEqual([
      { type: 'GPS', sensorName: 'gps', value: { stationary: true, calculated: false } },
      { type: 'CONN', sensorName: 'conn', value: { function: 7, version: 42 } },
      {
        type: 'GPS',
        sensorName: 'gps',
        value: {
          ts: Math.floor((T0 - 2_000) / 1000),
          lat: 51.9225,
          lon: 4.47917,
          hdop: 1.2,
          fix: 3,
          view: 9,
        },
      },
      {
        type: 'TEMP',
        sensorName: 'temp',
        value: { ts: Math.floor((T0 - 3_000) / 1000), temperature: -18 },
      },
    ]);
  });

  it('answers the same items as columns when asked for them (Accept), the list otherwise', async () => {
    const { cloud, data } = suite;
    for (const channel of [data.node.uuid, data.group.uuid, data.sensors.gps ?? '']) {
      const list = await history(cloud, channel);
      const answer = await cloud.call('GET', `/v1/channels/${channel}/history`, {
        headers: { accept: `${HISTORY_COLUMNS_TYPE}, application/json;q=0.5` },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers['content-type']).toBe(`${HISTORY_COLUMNS_TYPE}; charset=utf-8`);
      expect(answer.headers.vary).toMatch(/accept/i);
      const columns = JSON.parse(answer.text) as HistoryColumns;
      expect(itemsOf(columns)).toEqual(list);
      // Names go once per sensor, not once per item.
      expect(columns.sensors.length).toBeLessThan(Math.max(2, list.length));
    }
    const refused = await cloud.call('GET', `/v1/channels/${data.node.uuid}/history`, {
      headers: { accept: `${HISTORY_COLUMNS_TYPE};q=0, application/json` },
    });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(tss(refused.json as Timeslice[])).toEqual([
      T0 - 500,
      T0 - 1_000,
      T0 - 2_000,
      T0 - 3_000,
    ]);
  });

  it('a sensor channel answers its own data, named after the channel queried', async () => {
    const { cloud, data } = suite;
    const items = await history(cloud, data.sensors.gps ?? '');
    expect(tss(items)).toEqual([T0 - 500, T0 - 2_000]);
    for (const item of items) {
      expect(item).toMatchObject({
        channelUuid: data.sensors.gps,
        channelName: 'Van H/gps',
        sensorName: 'gps',
      });
    }
  });

  it('a group channel answers its member node with every sensor', async () => {
    const { cloud, data } = suite;
    const items = await history(cloud, data.group.uuid);
    expect(tss(items)).toEqual([T0 - 500, T0 - 1_000, T0 - 2_000, T0 - 3_000]);
    for (const item of items) {
      expect(item).toMatchObject({ channelUuid: data.group.uuid, channelName: 'History group' });
    }
  });

  it('includes both ends of the range', async () => {
    const { cloud, data } = suite;
    const items = await history(cloud, data.node.uuid, { from: T0 - 2_000, to: T0 - 1_000 });
    expect(tss(items)).toEqual([T0 - 1_000, T0 - 2_000]);
    expect(tss(await history(cloud, data.node.uuid, { from: T0 - 1_000, to: T0 - 1_000 }))).toEqual(
      [T0 - 1_000],
    );
    expect(await history(cloud, data.node.uuid, { from: T0 - 1_999, to: T0 - 1_001 })).toEqual([]);
  });

  it('with count returns the newest items of the range', async () => {
    const { cloud, data } = suite;
    expect(tss(await history(cloud, data.node.uuid, { count: 2 }))).toEqual([T0 - 500, T0 - 1_000]);
    expect(tss(await history(cloud, data.node.uuid, { count: 1, to: T0 - 1_500 }))).toEqual([
      T0 - 2_000,
    ]);
  });
});

describe('history defaults and limits', () => {
  const suite = useCloud(async (cloud) => {
    const gateway = await registerGateway(cloud, 'GW-D');
    const node = await commission(cloud, 'VAN-D');
    return { gateway, node };
  });

  it('to defaults to now and from to to − 24 h, both inclusive', async () => {
    const { cloud, data } = suite;
    await deliver(cloud, data.gateway, [
      temp('VAN-D', T0 - DAY - 1, 1),
      temp('VAN-D', T0 - DAY, 2),
      temp('VAN-D', T0, 3),
      temp('VAN-D', T0 + 1, 4), // accepted: within the five minutes a gateway clock may run ahead
    ]);
    expect(tss(await history(cloud, data.node.uuid))).toEqual([T0, T0 - DAY]);
    // With to alone, from is to − 24 h.
    expect(tss(await history(cloud, data.node.uuid, { to: T0 + 1 }))).toEqual([T0 + 1, T0]);
    // With from alone, to is now.
    expect(tss(await history(cloud, data.node.uuid, { from: T0 - 1 }))).toEqual([T0]);
    // "now" moves with the clock.
    cloud.clock.now = T0 + 1;
    expect(tss(await history(cloud, data.node.uuid))).toEqual([T0 + 1, T0]);
    cloud.clock.now = T0;
  });

  it('count defaults to 1000 and may be raised to 10000', async () => {
    const { cloud, data } = suite;
    const messages = Array.from({ length: 1_200 }, (_, i) =>
      temp('VAN-D', T0 - 10_000 - i * 1_000, i),
    );
    await deliver(cloud, data.gateway, messages);
    expect(await history(cloud, data.node.uuid)).toHaveLength(1_000);
    expect(await history(cloud, data.node.uuid, { count: 10_000 })).toHaveLength(1_200 + 2);
  });

  it('takes a range of exactly one day and refuses one millisecond more', async () => {
    const { cloud, data } = suite;
    await history(cloud, data.node.uuid, { from: T0 - DAY, to: T0 });
    const over = await cloud.call('GET', `/v1/channels/${data.node.uuid}/history`, {
      query: { from: String(T0 - DAY - 1), to: String(T0) },
    });
    expectError(over, 400, /one day/);
    // from alone, more than a day before now
    const early = await cloud.call('GET', `/v1/channels/${data.node.uuid}/history`, {
      query: { from: String(T0 - DAY - 1_000) },
    });
    expectError(early, 400);
  });

  it('refuses a reversed range and a count over 10000', async () => {
    const { cloud, data } = suite;
    const call = (query: Record<string, string>) =>
      cloud.call('GET', `/v1/channels/${data.node.uuid}/history`, { query });
    expectError(await call({ from: String(T0), to: String(T0 - 1) }), 400, /from/);
    expectError(await call({ count: '10001' }), 400, /count/);
    expectError(await call({ count: '0' }), 400, /count/);
    expectError(await call({ to: 'now' }), 400, /to/);
  });
});

describe('paging backwards', () => {
  const suite = useCloud(async (cloud) => registerGateway(cloud, 'GW-P'));
  let run = 0;

  /** Pages with to = the oldest ts of the last page, dropping items already seen. */
  async function pageThrough(cloud: TestCloud, channel: string, from: number, count: number) {
    const collected: Timeslice[] = [];
    const seen = new Set<string>();
    let to = T0;
    for (let pages = 0; pages < 10_000; pages++) {
      const page = await history(cloud, channel, { from, to, count });
      expect(page.length).toBeLessThanOrEqual(count);
      for (const item of page) {
        const key = `${item.sensorUuid}@${item.ts}`;
        if (seen.has(key)) continue;
        seen.add(key);
        collected.push(item);
      }
      if (page.length < count) return collected;
      to = page[page.length - 1]?.ts ?? from;
    }
    throw new Error('paging did not end');
  }

  it('loses nothing and repeats nothing, for any data and any page size above the items per ts', async () => {
    const reading = fc.record({
      sensor: fc.constantFrom('temp', 'gps', 'conn'),
      secondsAgo: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(reading, {
          maxLength: 80,
          selector: (r) => `${r.sensor}@${r.secondsAgo}`,
        }),
        fc.integer({ min: 1, max: 25 }),
        fc.boolean(),
        async (readings, extra, viaGroup) => {
          const { cloud, data: gateway } = suite;
          const serial = `PAGE-${++run}`;
          const group = viaGroup ? await createGroup(cloud, `Paging ${run}`) : undefined;
          const node = await commission(cloud, serial, { group: group?.uuid });
          const messages = readings.map(({ sensor, secondsAgo }): GatewayMessage => {
            const ts = T0 - secondsAgo * 1_000;
            if (sensor === 'temp') return temp(serial, ts, secondsAgo);
            if (sensor === 'gps') return gps(serial, ts, 52, 4);
            return conn(serial, ts, 1, secondsAgo);
          });
          if (messages.length > 0) await deliver(cloud, gateway, messages);

          const perTs = new Map<number, number>();
          for (const r of readings) perTs.set(r.secondsAgo, (perTs.get(r.secondsAgo) ?? 0) + 1);
          // A page must hold more than the items that share one ts, or paging cannot move on.
          const count = Math.max(0, ...perTs.values()) + extra;
          const channel = group?.uuid ?? node.uuid;
          const from = T0 - 40_000;

          const all = await history(cloud, channel, { from, to: T0, count: 10_000 });
          expect(all).toHaveLength(readings.length);
          const paged = await pageThrough(cloud, channel, from, count);
          expect(paged).toEqual(all);
        },
      ),
      { numRuns: 40 },
    );
  });
});
