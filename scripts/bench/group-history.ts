import type { SqliteDatabase } from '../../server/store/sqlite/database.ts';
import type { Channel } from '../../server/store/channels.ts';
import { comparison, timeRuns, type Benchmark } from './bench.ts';
import { largeCloud } from './large-cloud.ts';

const COUNT = 10_000;
const RUNS = 40;

/**
 * The plain approach: membership joined at query time (no channel_data index), one object per
 * row, JSON.stringify of the list.
 */
function plainHistory(db: SqliteDatabase) {
  const query = db.raw.prepare(`
    SELECT g.uuid AS gatewayUuid, g.name AS gatewayName, n.uuid AS nodeUuid, n.name AS nodeName,
           s.uuid AS sensorUuid, s.sensor_name AS sensorName, r.ts AS ts, r.type AS type,
           r.value AS value
    FROM readings r
    JOIN channels s ON s.id = r.sensor_id
    JOIN channels n ON n.id = r.node_id
    JOIN channels g ON g.id = r.gateway_id
    WHERE (r.node_id IN (SELECT member_id FROM group_members WHERE group_id = $group)
        OR r.sensor_id IN (SELECT member_id FROM group_members WHERE group_id = $group))
      AND r.ts BETWEEN $from AND $to
    ORDER BY r.ts DESC
    LIMIT $count`);
  return (group: Channel, from: number, to: number, count: number) => {
    const rows = query.all({ $group: group.id, $from: from, $to: to, $count: count });
    const items = rows.map((row) => ({
      channelUuid: group.uuid,
      channelName: group.name,
      gatewayUuid: row.gatewayUuid,
      gatewayName: row.gatewayName,
      nodeUuid: row.nodeUuid,
      nodeName: row.nodeName,
      sensorUuid: row.sensorUuid,
      sensorName: row.sensorName,
      ts: row.ts,
      type: row.type,
      value: JSON.parse(String(row.value)) as unknown,
    }));
    return JSON.stringify(items);
  };
}

export const groupHistoryBenchmark: Benchmark = {
  name: 'group-history',
  description:
    `History of ${COUNT} items of a group channel with 100 member nodes: GET ` +
    '/v1/channels/{group}/history over the last day, as admin with Basic credentials.',
  async run() {
    const cloud = await largeCloud();
    const { group } = cloud.seed;
    const to = Date.now();
    const from = to - 86_400_000;
    const path = `/v1/channels/${group.uuid}/history?from=${from}&to=${to}&count=${COUNT}`;
    const items = await cloud.services.timeslices.historyJson(group, from, to, COUNT);
    if ((JSON.parse(items) as unknown[]).length !== COUNT)
      throw new Error(`expected ${COUNT} items`);
    const { server, roundTrip, cpu } = await cloud.time(path, RUNS);
    const channel = (await cloud.store.channels.findById(group.id)) ?? group;
    const ours = await timeRuns(
      () => cloud.services.timeslices.historyJson(channel, from, to, COUNT),
      RUNS,
    );
    const plain = plainHistory(cloud.store.db);
    const plainSamples = await timeRuns(() => plain(channel, from, to, COUNT), RUNS);
    return {
      figures: [
        {
          label: 'server time, median',
          value: server.median,
          unit: 'ms',
          target: { max: 25 },
          wall: true,
          meaning:
            'the cloud’s own responseTime: request in, 10000 items (about 4 MB of JSON) ' +
            'written; Basic auth, reach and permission checks included',
        },
        { label: 'server time, p95', value: server.p95, unit: 'ms' },
        { label: 'round trip over loopback HTTP, median', value: roundTrip.median, unit: 'ms' },
        {
          label: 'server main-thread CPU per request, median',
          value: cpu.median,
          unit: 'ms',
          target: { max: 25 },
          meaning:
            'what the request costs the cloud’s main thread, without waiting for a core (in-process, inject)',
        },
        ...comparison('store only', ours, plainSamples),
      ],
      notes: [
        'plain approach: ' +
          'membership joined at query time over readings (no channel_data index), an object per ' +
          'row, JSON.parse of each value and JSON.stringify of the list',
      ],
    };
  },
};
