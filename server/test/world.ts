import type { ChannelRecord } from '../../contract/channel.ts';
import type { DemoUser, TestCloud } from './harness.ts';
import { T0 } from './harness.ts';
import {
  commission,
  createGroup,
  gps,
  grantAccess,
  ingest,
  registerGateway,
  channelOf,
  temp,
  type TestGateway,
} from './fixtures.ts';

interface WorldNode {
  node: ChannelRecord;
  /** Sensor channel uuids by sensor name: temp, gps. */
  sensors: { temp: string; gps: string };
}

/**
 * A small fleet for reach and permission tests, built through the API (not the demo seed):
 *
 * - tenant demo, everything owned by admin: groups North, South and West with one node each
 *   (VAN-N, VAN-S, VAN-W) and VAN-X in no group; fleet has access to North and South, support to
 *   North only.
 * - tenant acme, owned by acme: group Acme depot with ACME-1; admin was given access to the group.
 * - every node has delivered a temp and a gps reading at T0 − 60 s and T0 − 30 s.
 */
export interface World {
  /** Demo's gateway; a gateway delivers for its own tenant's nodes only. */
  gateway: TestGateway;
  acmeGateway: TestGateway;
  groups: { north: ChannelRecord; south: ChannelRecord; west: ChannelRecord; acme: ChannelRecord };
  nodes: { n: WorldNode; s: WorldNode; w: WorldNode; x: WorldNode; acme: WorldNode };
  /** Readings per node; a node's history holds this many items. */
  readingsPerNode: number;
}

export const DATA_TS = [T0 - 60_000, T0 - 30_000] as const;

export async function buildWorld(cloud: TestCloud): Promise<World> {
  const gateway = await registerGateway(cloud, 'GW-WORLD');
  const acmeGateway = await registerGateway(cloud, 'GW-WORLD-ACME', 'acme');
  const north = await createGroup(cloud, 'North');
  const south = await createGroup(cloud, 'South');
  const west = await createGroup(cloud, 'West');
  const acmeGroup = await createGroup(cloud, 'Acme depot', 'acme');
  const nodes = {
    n: await commission(cloud, 'VAN-N', { name: 'Van North', group: north.uuid }),
    s: await commission(cloud, 'VAN-S', { name: 'Van South', group: south.uuid }),
    w: await commission(cloud, 'VAN-W', { name: 'Van West', group: west.uuid }),
    x: await commission(cloud, 'VAN-X', { name: 'Van Loner' }),
    acme: await commission(cloud, 'ACME-1', {
      name: 'Acme truck',
      group: acmeGroup.uuid,
      as: 'acme',
    }),
  };
  await grantAccess(cloud, 'fleet', north.uuid);
  await grantAccess(cloud, 'fleet', south.uuid);
  await grantAccess(cloud, 'support', north.uuid);
  await grantAccess(cloud, 'admin', acmeGroup.uuid);

  const serials = ['VAN-N', 'VAN-S', 'VAN-W', 'VAN-X', 'ACME-1'];
  const messages = serials.map((serial, i) =>
    DATA_TS.flatMap((ts) => [temp(serial, ts, 4 + i), gps(serial, ts, 52 + i / 10, 4.9)]),
  );
  const demo = await ingest(cloud, gateway, messages.slice(0, 4).flat());
  const acme = await ingest(cloud, acmeGateway, messages.slice(4).flat());
  for (const answer of [demo, acme]) {
    const result = answer.json as { accepted?: number } | undefined;
    if (answer.status !== 200 || result?.accepted === 0) {
      throw new Error(`ingestion failed: ${answer.text}`);
    }
  }

  const withSensors = async (node: ChannelRecord): Promise<WorldNode> => {
    const sensors = await cloud.store.channels.sensorsOf([(await channelOf(cloud, node.uuid)).id]);
    const uuid = (name: string) => {
      const sensor = sensors.find((channel) => channel.sensorName === name);
      if (!sensor) throw new Error(`no sensor ${name} on ${node.name}`);
      return sensor.uuid;
    };
    return { node, sensors: { temp: uuid('temp'), gps: uuid('gps') } };
  };
  return {
    gateway,
    acmeGateway,
    groups: { north, south, west, acme: acmeGroup },
    nodes: {
      n: await withSensors(nodes.n),
      s: await withSensors(nodes.s),
      w: await withSensors(nodes.w),
      x: await withSensors(nodes.x),
      acme: await withSensors(nodes.acme),
    },
    readingsPerNode: DATA_TS.length * 2,
  };
}

/**
 * The channels each demo user reaches in the world, written out from how buildWorld made it
 * (owner, given access, groups' members and their sensors), not asked of the cloud.
 */
export function reachOf(world: World): Record<DemoUser, string[]> {
  const { groups, nodes } = world;
  const withSensors = (n: WorldNode) => [n.node.uuid, n.sensors.temp, n.sensors.gps];
  return {
    admin: [
      ...[groups.north, groups.south, groups.west, groups.acme].map((g) => g.uuid),
      world.gateway.uuid,
      ...[nodes.n, nodes.s, nodes.w, nodes.x, nodes.acme].flatMap(withSensors),
    ],
    fleet: [groups.north.uuid, groups.south.uuid, ...withSensors(nodes.n), ...withSensors(nodes.s)],
    support: [groups.north.uuid, ...withSensors(nodes.n)],
    acme: [groups.acme.uuid, world.acmeGateway.uuid, ...withSensors(nodes.acme)],
  };
}
