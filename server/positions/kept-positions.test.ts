import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import type { TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { createGroup, createUser, gps, ingest, sensorsOf, temp } from '../test/fixtures.ts';
import { buildWorld, type World } from '../test/world.ts';
import { testEngine } from '../test/test-store.ts';

const MINUTE = 60_000;
const SERIALS = ['VAN-N', 'VAN-S', 'VAN-W', 'VAN-X'] as const;
type Serial = (typeof SERIALS)[number];

type Change =
  | { kind: 'ingest'; serial: Serial; reading: 'gps' | 'moving' | 'temp' | 'conn'; at: number }
  | { kind: 'decommission'; serial: Serial }
  | { kind: 'commission'; serial: Serial }
  | { kind: 'join'; serial: Serial; sensor: 'gps' | 'temp' | undefined }
  | { kind: 'clock'; minutes: number };

/** Readings from two days back to 4 minutes ahead (gateways' clocks may run up to 5 ahead). */
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('ingest' as const),
      serial: fc.constantFrom(...SERIALS),
      reading: fc.constantFrom('gps' as const, 'moving' as const, 'temp' as const, 'conn' as const),
      at: fc.integer({ min: -2 * 24 * 60, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('decommission' as const),
      serial: fc.constantFrom(...SERIALS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('commission' as const),
      serial: fc.constantFrom(...SERIALS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      serial: fc.constantFrom(...SERIALS),
      sensor: fc.constantFrom('gps' as const, 'temp' as const, undefined),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      minutes: fc.integer({ min: 1, max: 90 }),
    }),
  },
);

function message(
  serial: Serial,
  reading: 'gps' | 'moving' | 'temp' | 'conn',
  ts: number,
): GatewayMessage {
  if (reading === 'gps') return gps(serial, ts, 52 + (ts % 1000) / 10_000, 4.9);
  if (reading === 'temp') return temp(serial, ts, (ts % 40) - 10);
  if (reading === 'moving')
    return { node: serial, sensor: 'gps', type: 'GPS', ts, value: { stationary: false } };
  return { node: serial, sensor: 'conn', type: 'CONN', ts, value: { function: 1, version: 2 } };
}

interface Setup {
  world: World;
  reader: { username: string; password: string };
  mixed: ChannelRecord;
  /** Each node's channel now (a node commissioned again may get a new one). */
  nodes: Map<Serial, ChannelRecord | undefined>;
}

async function apply(cloud: TestCloud, data: Setup, step: Change): Promise<void> {
  if (step.kind === 'ingest') {
    const ts = cloud.clock.now + step.at * MINUTE + (step.at % 7);
    await ingest(cloud, data.world.gateway, [message(step.serial, step.reading, ts)]);
  } else if (step.kind === 'decommission') {
    const node = data.nodes.get(step.serial);
    if (node === undefined) return;
    const answer = await cloud.call('DELETE', `/v1/nodes/${node.uuid}`);
    expect(answer.status, answer.text).toBe(200);
    data.nodes.set(step.serial, undefined);
  } else if (step.kind === 'commission') {
    if (data.nodes.get(step.serial) !== undefined) return;
    const answer = await cloud.call('POST', `/v1/nodes/${step.serial}`, {
      query: { name: `Again ${step.serial}` },
    });
    expect(answer.status, answer.text).toBe(200);
    data.nodes.set(step.serial, (answer.json as ChannelRecord[])[0]);
  } else if (step.kind === 'join') {
    const node = data.nodes.get(step.serial);
    if (node === undefined) return;
    const sensors = await sensorsOf(cloud, node.name);
    const member = step.sensor === undefined ? node.uuid : sensors[step.sensor];
    if (member === undefined) return;
    await cloud.call('POST', `/v1/groups/${data.mixed.uuid}/${member}`);
  } else {
    cloud.clock.now += step.minutes * MINUTE;
  }
}

/** The route's answer with positions kept in memory, and again the old way (every seek). */
async function bothWays(
  cloud: TestCloud,
  query: Record<string, string>,
  as: 'admin' | 'fleet' | { username: string; password: string },
): Promise<{ kept: unknown; plain: unknown }> {
  const ask = async () => {
    const answer = await cloud.call('GET', '/v1/positions', { query, as });
    expect(answer.status, answer.text).toBe(200);
    return answer.json;
  };
  const kept = await ask();
  cloud.services.positions.enabled = false;
  try {
    return { kept, plain: await ask() };
  } finally {
    cloud.services.positions.enabled = true;
  }
}

describe('positions kept in memory (docs/decisions/0151-positions-kept-in-memory.md)', () => {
  const suite = useCloud(async (cloud): Promise<Setup> => {
    const world = await buildWorld(cloud);
    const reader = await createUser(cloud, 'kept-reader', [
      { tenant: 'demo', objectType: 'groups', operation: 'READ' },
      { tenant: 'demo', objectType: 'groups.history', operation: 'READ' },
      { tenant: 'demo', objectType: 'assets', operation: 'READ' },
    ]);
    const mixed = await createGroup(cloud, 'Mixed');
    for (const group of [mixed, world.groups.north]) {
      const channel = await cloud.store.channels.findByUuid(group.uuid);
      if (channel === undefined) throw new Error('no group');
      await cloud.store.channels.grantAccess(reader.id, channel.id);
    }
    const nodes = new Map<Serial, ChannelRecord | undefined>([
      ['VAN-N', world.nodes.n.node],
      ['VAN-S', world.nodes.s.node],
      ['VAN-W', world.nodes.w.node],
      ['VAN-X', world.nodes.x.node],
    ]);
    return { world, reader, mixed, nodes };
  });

  it('answers what the seeks answer after any sequence of ingests, commissions, decommissions and joins', async () => {
    const { cloud, data } = suite;
    const reader = data.reader;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) {
          await apply(cloud, data, step);
          const now = cloud.clock.now;
          const asks: [Record<string, string>, Parameters<typeof bothWays>[2]][] = [
            [{}, 'admin'],
            // A range in the past: readings after it are not told.
            [
              { from: String(now - 30 * MINUTE - 86_400_000), to: String(now - 30 * MINUTE) },
              'admin',
            ],
            [{}, 'fleet'],
            // Through groups: each member from the moment it joined, a sensor member alone.
            [{}, reader],
            [{ group: data.mixed.uuid }, reader],
          ];
          for (const [query, as] of asks) {
            const { kept, plain } = await bothWays(cloud, query, as);
            expect(kept).toEqual(plain);
            checked++;
          }
        }
      }),
      // Each step asks ten answers: fewer runs on PostgreSQL, whose round trips cost more.
      { numRuns: testEngine() === 'postgres' ? 5 : 12 },
    );
    expect(checked).toBeGreaterThan(0);
    // Not vacuous: the nodes answered hold positions and temperatures.
    const { kept } = await bothWays(cloud, {}, 'admin');
    expect(JSON.stringify(kept)).toContain('"temperature"');
    expect(JSON.stringify(kept)).toContain('"lat"');
  }, 240_000);
});
