import type { Alarm, AlarmPage } from '../../contract/alarms.ts';
import type { DemoUser, TestCloud } from './harness.ts';
import { T0 } from './harness.ts';
import { ingest, temp } from './fixtures.ts';
import { buildWorld, reachOf, type World } from './world.ts';
import type { Model } from './authorization-model.ts';

export const MISSING = '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b';
export const INBOX_SECRET = 'matrix-inbox-secret';

/** The world of world.ts, plus an alarm raised in each tenant and a push inbox of admin and acme. */
export interface MatrixWorld extends World {
  alarms: { demo: string; acme: string };
  inboxes: { admin: string; acme: string };
  subs: Record<DemoUser, string>;
  /** Every channel of the world, in the order cells take them: groups, sensors, gateways, nodes
   * (decommissioning, the last operation, leaves each node as its final act), a missing one. */
  targets: string[];
}

async function ok(answer: Promise<{ status: number; text: string; json: unknown }>) {
  const { status, text, json } = await answer;
  if (status !== 200) throw new Error(`setting up the matrix: ${status} ${text}`);
  return json;
}

/** An out-of-band reading at T0 + 1 min raises an alarm for each tenant's van. */
async function raiseAlarms(cloud: TestCloud, world: World) {
  // Raised at the first reading out (no delay: the default waits 15 minutes, decision 0174).
  const band = JSON.stringify({ temperature: { min: 0, max: 8, delayMinutes: 0 } });
  const set = (uuid: string, as: DemoUser) =>
    ok(cloud.call('PUT', `/v1/channels/${uuid}/properties`, { query: { properties: band }, as }));
  await set(world.groups.north.uuid, 'admin');
  await set(world.groups.acme.uuid, 'acme');
  cloud.clock.now = T0 + 60_000;
  await ok(ingest(cloud, world.gateway, [temp('VAN-N', T0 + 60_000, 14)]));
  await ok(ingest(cloud, world.acmeGateway, [temp('ACME-1', T0 + 60_000, 14)]));
  const first = async (as: DemoUser): Promise<Alarm> => {
    const page = (await ok(cloud.call('GET', '/v1/alarms', { as }))) as AlarmPage;
    const alarm = page.alarms[0];
    if (!alarm) throw new Error(`no alarm raised for ${as}`);
    return alarm;
  };
  return { demo: (await first('fleet')).id, acme: (await first('acme')).id };
}

export async function buildMatrixWorld(cloud: TestCloud): Promise<MatrixWorld> {
  const world = await buildWorld(cloud);
  const alarms = await raiseAlarms(cloud, world);
  const inbox = async (as: DemoUser) =>
    (
      (await ok(
        cloud.call('POST', '/v1/push-inboxes', { body: { secret: INBOX_SECRET }, as }),
      )) as {
        uuid: string;
      }
    ).uuid;
  const subs = {} as Record<DemoUser, string>;
  for (const user of ['admin', 'fleet', 'support', 'acme'] as const) {
    const found = await cloud.store.users.findByUsername(user);
    if (!found) throw new Error(`no ${user}`);
    subs[user] = found.sub;
  }
  const { groups, nodes } = world;
  const nodeList = [nodes.n, nodes.s, nodes.w, nodes.x, nodes.acme];
  const targets = [
    ...[groups.north, groups.south, groups.west, groups.acme].map((g) => g.uuid),
    ...nodeList.flatMap((n) => [n.sensors.temp, n.sensors.gps]),
    world.gateway.uuid,
    world.acmeGateway.uuid,
    ...nodeList.map((n) => n.node.uuid),
    MISSING,
  ];
  return {
    ...world,
    alarms,
    inboxes: { admin: await inbox('admin'), acme: await inbox('acme') },
    subs,
    targets,
  };
}

/** What the test knows of the world, from how it was built (never asked of the cloud). */
export function modelOf(world: MatrixWorld): Model {
  const { groups, nodes } = world;
  const channels: Model['channels'] = new Map();
  const add = (uuid: string, type: 'GROUP' | 'NODE' | 'SENSOR' | 'GATEWAY', tenant: string) =>
    channels.set(uuid, { type, tenant, active: true });
  for (const g of [groups.north, groups.south, groups.west]) add(g.uuid, 'GROUP', 'demo');
  add(groups.acme.uuid, 'GROUP', 'acme');
  for (const n of Object.values(nodes)) {
    const tenant = n === nodes.acme ? 'acme' : 'demo';
    add(n.node.uuid, 'NODE', tenant);
    add(n.sensors.temp, 'SENSOR', tenant);
    add(n.sensors.gps, 'SENSOR', tenant);
  }
  add(world.gateway.uuid, 'GATEWAY', 'demo');
  add(world.acmeGateway.uuid, 'GATEWAY', 'acme');
  const reach = reachOf(world);
  return {
    channels,
    reach: {
      admin: new Set(reach.admin),
      fleet: new Set(reach.fleet),
      support: new Set(reach.support),
      acme: new Set(reach.acme),
    },
    members: new Map([
      [groups.north.uuid, new Set([nodes.n.node.uuid])],
      [groups.south.uuid, new Set([nodes.s.node.uuid])],
      [groups.west.uuid, new Set([nodes.w.node.uuid])],
      [groups.acme.uuid, new Set([nodes.acme.node.uuid])],
    ]),
    tenantOf: { admin: 'demo', fleet: 'demo', support: 'demo', acme: 'acme' },
    people: new Map([
      [world.subs.admin, 'demo'],
      [world.subs.fleet, 'demo'],
      [world.subs.support, 'demo'],
      [world.subs.acme, 'acme'],
    ]),
    alarms: new Map([
      [world.alarms.demo, { node: nodes.n.node.uuid, tenant: 'demo', state: 'raised' as const }],
      [world.alarms.acme, { node: nodes.acme.node.uuid, tenant: 'acme', state: 'raised' as const }],
    ]),
    inboxes: new Map([
      [world.inboxes.admin, 'admin'],
      [world.inboxes.acme, 'acme'],
    ]),
    pushed: new Set(),
  };
}
