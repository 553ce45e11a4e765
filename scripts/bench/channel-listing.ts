import { ChannelRecordList, type ChannelRecord } from '../../contract/channel.ts';
import { recordsJson } from '../../server/http/channel-json.ts';
import type { ChannelSummary } from '../../server/store/channels.ts';
import { comparison, timeRuns, type Benchmark } from './bench.ts';
import { largeCloud } from './large-cloud.ts';

const RUNS = 40;

/** The plain approach: an object per record, validated by its zod schema, then JSON.stringify. */
function plainListing(rows: readonly ChannelSummary[]): string {
  const records = rows.map((row) => {
    const record: ChannelRecord = {
      uuid: row.uuid,
      channelType: row.type,
      name: row.name,
      active: row.active,
      pushInterval: row.pushInterval,
    };
    if (row.reference !== null) record.reference = row.reference;
    if (row.pushUrl !== null) record.pushURL = row.pushUrl;
    if (row.properties !== null) {
      record.properties = JSON.parse(row.properties) as Record<string, unknown>;
    }
    return record;
  });
  return JSON.stringify(ChannelRecordList.parse(records));
}

export const channelListingBenchmark: Benchmark = {
  name: 'channel-listing',
  description:
    'Listing 10000 channels: GET /v1/channels?channelType=NODE as admin, who owns 10001 nodes ' +
    '(and their 30001 sensors).',
  async run() {
    const cloud = await largeCloud();
    const nodes = await cloud.time('/v1/channels?channelType=NODE', RUNS);
    const everything = await cloud.time('/v1/channels', 10);
    const admin = await cloud.store.users.findByUsername('admin');
    if (!admin) throw new Error('no admin');
    // Both serialise the same rows; the query is timed with the server figures above.
    const rows = await cloud.store.channels.listReachable(admin.id, 'NODE');
    const count = rows.length;
    const ours = await timeRuns(() => recordsJson(rows, 'full'), RUNS);
    const plain = await timeRuns(() => plainListing(rows), RUNS);
    return {
      figures: [
        {
          label: `server time for ${count} channels, median`,
          value: nodes.server.median,
          unit: 'ms',
          target: { max: 50 },
          wall: true,
          meaning:
            'the cloud’s own responseTime: request in, JSON written; Basic auth, the reach ' +
            'query, permission filter, serialisation',
        },
        { label: `server time for ${count} channels, p95`, value: nodes.server.p95, unit: 'ms' },
        {
          label: 'round trip over loopback HTTP, median',
          value: nodes.roundTrip.median,
          unit: 'ms',
        },
        {
          label: 'server main-thread CPU per request, median',
          value: nodes.cpu.median,
          unit: 'ms',
          target: { max: 50 },
          meaning:
            'what the request costs the cloud’s main thread, without waiting for a core (in-process, inject)',
        },
        {
          label: `server time for all ${cloud.seed.nodes + cloud.seed.sensors + 2} channels, median`,
          value: everything.server.median,
          unit: 'ms',
          meaning: 'the same without channelType: nodes, sensors, gateway and group',
        },
        ...comparison('serialisation only', ours, plain),
      ],
      notes: [
        'plain approach: ' +
          'an object per record, validated with the zod schema, then JSON.stringify',
      ],
    };
  },
};
