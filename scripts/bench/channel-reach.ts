import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { TEST_SCRYPT } from '../../server/auth/passwords.ts';
import { testConfig } from '../../server/config.ts';
import { seedDemoAccounts } from '../../server/sim/demo-accounts.ts';
import { seedDemoFleet } from '../../server/sim/seed-demo.ts';
import type { Channel } from '../../server/store/channels.ts';
import type { Store } from '../../server/store/store.ts';
import { openSqliteStore } from '../../server/store/sqlite/store.ts';
import { addBenchPeople } from './bench-people.ts';
import {
  comparison,
  loadNow,
  runStandalone,
  timeRuns,
  type Benchmark,
  type Figure,
} from './bench.ts';

const PEOPLE = Number(process.env.REACH_PEOPLE ?? 2_000);
const DAYS = Number(process.env.REACH_DAYS ?? 7);
/** What the route looks at, at most (server/routes/channel-reach.ts). */
const PEOPLE_COUNTED = 2_000;
const authorization = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;

/** Who reaches `channel` as the route counts it now: one pass (docs/decisions/0103). */
async function ours(store: Store, channel: Channel) {
  const [people, reachers] = await Promise.all([
    store.people.list(['demo'], undefined, PEOPLE_COUNTED),
    store.people.reaching(channel),
  ]);
  return people.filter((person) => reachers.has(person.id)).length;
}

/** The plain approach, as the route counted before: one reach check per person. */
async function plain(store: Store, channel: Channel) {
  const people = await store.people.list(['demo'], undefined, PEOPLE_COUNTED);
  let count = 0;
  for (const person of people) if (await store.channels.isReachable(person.id, channel)) count++;
  return count;
}

/**
 * GET /v1/channels/{uuid}/reach (support's "who reaches this channel", decision 0130) on the
 * 7-day demo, first with its own four people, then with PEOPLE (2,000) more in tenant demo: a
 * third given the Cold chain group, a third given one node, a third nothing, alternately holding
 * demo-fleet and demo-support. The channel is a sensor of a Cold chain node (reached through
 * its node's group). Ours (the set-wise query) against the plain approach (a reach check per
 * person) at the store, in the same run, and the whole request (inject, admin with Basic).
 */
export const channelReachBenchmark: Benchmark = {
  name: 'channel-reach',
  description:
    'Who reaches a channel (GET /v1/channels/{uuid}/reach) on the 7-day demo and with 2,000 ' +
    'more people: one pass over grants and memberships against a reach check per person.',
  async run() {
    const dataDir = mkdtempSync(join(tmpdir(), 'telemetry-bench-reach-'));
    const store = openSqliteStore(dataDir);
    const cloud = await buildApp({ store, config: testConfig({ dataDir, logLevel: 'warn' }) });
    try {
      const ids = await seedDemoAccounts(store.users, Date.now(), TEST_SCRYPT);
      await seedDemoFleet(cloud.services, ids, { days: DAYS });
      const groups = await store.channels.listReachable(ids.admin, 'GROUP');
      const found = groups.find((group) => group.name === 'Cold chain');
      const coldChain = found && (await store.channels.findByUuid(found.uuid));
      if (!coldChain) throw new Error('the demo has no Cold chain group');
      const node = (await store.groups.listMembers(coldChain.id)).find((c) => c.type === 'NODE');
      const sensor = node && (await store.channels.sensorsOf([node.id]))[0];
      if (!node || !sensor) throw new Error('no sensor of a Cold chain node');
      const request = async () => {
        const answer = await cloud.app.inject({
          method: 'GET',
          url: `/v1/channels/${sensor.uuid}/reach`,
          headers: { authorization },
        });
        if (answer.statusCode !== 200) throw new Error(`reach answered ${answer.statusCode}`);
        return (answer.json() as { people: { count: number } }).people.count;
      };
      const measure = async (what: string, runs: number, plainRuns: number) => {
        const counted = [await ours(store, sensor), await plain(store, sensor), await request()];
        if (new Set(counted).size !== 1) throw new Error(`counts differ: ${counted.join(', ')}`);
        const figures: Figure[] = [
          ...comparison(
            `${what}: who reaches the channel (store)`,
            await timeRuns(() => ours(store, sensor), runs),
            await timeRuns(() => plain(store, sensor), plainRuns, 1),
          ),
        ];
        const whole = await timeRuns(request, runs);
        figures.push(
          { label: `${what}: the whole request, median`, value: whole.median, unit: 'ms' },
          {
            label: `${what}: the whole request, CPU per request`,
            value: whole.cpuMs ?? NaN,
            unit: 'ms',
            target: { max: 50 },
          },
        );
        return { figures, count: counted[0] ?? 0 };
      };

      const demo = await measure('demo (4 people)', 50, 50);
      await store.transaction((tx) =>
        addBenchPeople(tx, PEOPLE, async (person, i) => {
          if (i % 3 === 0) await tx.channels.grantAccess(person.id, coldChain.id);
          if (i % 3 === 1) await tx.channels.grantAccess(person.id, node.id);
        }),
      );
      const many = await measure(`${PEOPLE} more people`, 30, 5);
      return {
        figures: [...demo.figures, ...many.figures],
        notes: [
          `${DAYS}-day demo; the channel is ${sensor.name}; people who reach it: ` +
            `${demo.count} of the demo's, ${many.count} with ${PEOPLE} more; ${loadNow()}`,
          'CPU per run is this process’s (the cloud answers in-process): stable under load.',
        ],
      };
    } finally {
      await cloud.app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

if (import.meta.main) await runStandalone(channelReachBenchmark);
