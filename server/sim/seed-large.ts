import type { Services } from '../services.ts';
import type { Channel } from '../store/channels.ts';
import type { GatewayMessage } from '../schemas/ingest.ts';
import { createOwned, type DemoUserIds } from './demo-fleet.ts';
import { DAY_MS, HOUR_MS } from './local-time.ts';
import { Prng } from './random.ts';

export interface LargeSeedOptions {
  /** Nodes, each with gps, temp and conn sensors. */
  nodes: number;
  /** How many of them are members of the benchmark group. */
  groupMembers: number;
  /** Items the group holds within the last day. */
  groupItems: number;
  /** GPS points of the dense node within the last day. */
  densePoints: number;
}

export const LARGE_DEFAULTS: LargeSeedOptions = {
  nodes: 10_000,
  groupMembers: 100,
  groupItems: 12_000,
  densePoints: 10_000,
};

export interface LargeSeed {
  gateway: Channel;
  group: Channel;
  dense: Channel;
  nodes: number;
  sensors: number;
  messages: number;
  ms: number;
}

const LARGE_GATEWAY = 'GW-BENCH';
const DENSE_SERIAL = 'BENCH-DENSE';
export const benchSerial = (n: number) => `BENCH-${String(n).padStart(5, '0')}`;

/**
 * A fleet for benchmarks, owned by admin in tenant demo: many nodes with a reading per sensor, a
 * group whose members hold many items in the last day, and one node that reports every few
 * seconds. Everything goes through ingestion, as in the demo.
 */
export async function seedLarge(
  services: Services,
  ids: DemoUserIds,
  options: LargeSeedOptions = LARGE_DEFAULTS,
): Promise<LargeSeed> {
  const started = performance.now();
  const now = services.now();
  const since = now - DAY_MS;
  const rng = new Prng(0x1a29e);
  const { gateway, group, dense } = await services.store.transaction(async (tx) => {
    const create = (type: 'NODE' | 'GATEWAY' | 'GROUP', name: string, reference?: string) =>
      createOwned(tx, {
        type,
        name,
        tenant: 'demo',
        ownerId: ids.admin,
        now: since,
        ...(reference ? { reference } : {}),
      });
    const gateway = await create('GATEWAY', 'Benchmark gateway', LARGE_GATEWAY);
    const group = await create('GROUP', 'Benchmark group');
    await tx.channels.grantAccess(ids.fleet, group.id);
    for (let n = 1; n <= options.nodes; n++) {
      const node = await create('NODE', `Node ${String(n).padStart(5, '0')}`, benchSerial(n));
      if (n <= options.groupMembers) await tx.groups.addMember(group.id, node.id, since);
    }
    return { gateway, group, dense: await create('NODE', 'Dense node', DENSE_SERIAL) };
  });

  let messages = 0;
  let batch: GatewayMessage[] = [];
  const send = async (message: GatewayMessage) => {
    batch.push(message);
    messages++;
    if (batch.length >= 5_000) await flush();
  };
  const flush = async () => {
    const taken = batch;
    batch = [];
    if (taken.length > 0) await services.ingestion.ingest(gateway, taken);
  };
  // Each node's one reading falls in the newest 23 hours, so for an hour after seeding every node
  // has a position in "the last 24 hours" (the fleet map's window, its benchmark's count).
  const at = () => since + HOUR_MS + Math.floor(rng.next() * (DAY_MS - HOUR_MS));
  const position = () => ({ lat: 52.3 + rng.next() * 0.15, lon: 4.75 + rng.next() * 0.25 });
  for (let n = 1; n <= options.nodes; n++) {
    const node = benchSerial(n);
    const ts = at();
    const s = Math.floor(ts / 1000);
    await send({ node, sensor: 'conn', type: 'CONN', ts, value: { function: 3, version: 3045 } });
    await send({ node, sensor: 'temp', type: 'TEMP', ts, value: { ts: s, temperature: 6 } });
    const fix = { ts: s, hdop: 1.1, fix: 3, view: 9, stationary: true, ...position() };
    await send({ node, sensor: 'gps', type: 'GPS', ts, value: fix });
  }
  // The group's members take turns, so its history mixes all of them, newest first.
  const step = DAY_MS / Math.max(1, options.groupItems);
  for (let i = 0; i < options.groupItems; i++) {
    const node = benchSerial(1 + (i % Math.max(1, options.groupMembers)));
    const ts = since + 1 + Math.floor(i * step);
    const value = { ts: Math.floor(ts / 1000), temperature: 3 + Math.floor(rng.next() * 4) };
    await send({ node, sensor: 'temp', type: 'TEMP', ts, value });
  }
  const denseStep = DAY_MS / Math.max(1, options.densePoints);
  for (let i = 0; i < options.densePoints; i++) {
    const ts = since + 1 + Math.floor(i * denseStep);
    const value = { ts: Math.floor(ts / 1000), hdop: 0.9, fix: 3, view: 11, ...position() };
    await send({ node: DENSE_SERIAL, sensor: 'gps', type: 'GPS', ts, value });
  }
  await flush();
  await services.store.optimize();
  return {
    gateway,
    group,
    dense,
    nodes: options.nodes + 1,
    sensors: options.nodes * 3 + 1,
    messages,
    ms: Math.round(performance.now() - started),
  };
}
