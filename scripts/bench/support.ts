import { largeCloud } from './large-cloud.ts';
import { addBenchPeople } from './bench-people.ts';
import { loadNow, runStandalone, summarise, type Benchmark, type Samples } from './bench.ts';
import { SqlAuditStore } from '../../server/store/sql/audit.ts';
import type { NewAuditEntry } from '../../server/store/audit.ts';

const PEOPLE = 1_000;
const AUDIT_ENTRIES = 100_000;
const AUDITED_CHANNELS = 1_000;
const RUNS = 60;
const authorization = `Basic ${Buffer.from('admin:demo-admin').toString('base64')}`;

/** CPU milliseconds of this thread in `work` (the cloud answers in-process, through inject). */
async function threadCpu(work: () => Promise<unknown>): Promise<number> {
  const before = process.threadCpuUsage();
  await work();
  const spent = process.threadCpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/**
 * Support's extensions on the large fleet (npm run seed:large: 10,000 nodes) with 1,000 more
 * people and 100,000 audit entries (issue 23): the explainer for one person and one channel, the
 * first page of a channel's audit entries, and what the audit write adds to a properties update,
 * measured side by side (the same request with the entry's write skipped), alternating rounds.
 */
export const supportBenchmark: Benchmark = {
  name: 'support',
  description:
    'Access explainer, audit listing by channel and the audit write’s cost (issue 23), on the ' +
    'seed:large fleet with 1,000 people and 100,000 audit entries.',
  async run() {
    const cloud = await largeCloud();
    const { store } = cloud;
    const started = performance.now();
    await store.transaction((tx) => addBenchPeople(tx, PEOPLE));
    const reached = await store.channels.listReachable(cloud.seed.group.ownerId ?? 0, 'NODE');
    const uuids = reached.slice(0, AUDITED_CHANNELS).map((c) => c.uuid);
    const at0 = Date.now() - AUDIT_ENTRIES;
    await store.transaction(async (tx) => {
      for (let i = 0; i < AUDIT_ENTRIES; i++) {
        const uuid = uuids[i % uuids.length] ?? cloud.seed.dense.uuid;
        const entry: NewAuditEntry = {
          at: at0 + i,
          tenant: 'demo',
          actorId: null,
          actor: i % 3 === 0 ? 'admin' : 'fleet',
          origin: 'script',
          kind: 'properties.set',
          channel: { uuid, name: 'bench' },
          before: { n: i - 1 },
          after: { n: i },
        };
        await tx.audit.record(entry);
      }
    });
    const seededS = ((performance.now() - started) / 1000).toFixed(1);

    const fleet = await store.people.list(['demo'], 'fleet', 1);
    const fleetId = fleet[0]?.sub ?? '';
    const node = cloud.seed.dense.uuid;
    const explainer = await cloud.time(`/v1/channels/${node}/access?user=${fleetId}`, RUNS);
    const channelUuid = uuids[7] ?? node;
    const byChannel = await cloud.time(`/v1/audit?channel=${channelUuid}`, RUNS);
    const unfiltered = await cloud.time('/v1/audit', RUNS);

    // The audit write's share of a properties update: the same request, with and without it.
    const put = (n: number) =>
      cloud.app.inject({
        method: 'PUT',
        url: `/v1/channels/${node}/properties?properties=${encodeURIComponent(`{"n":${n}}`)}`,
        headers: { authorization },
      });
    const record = SqlAuditStore.prototype.record;
    const withAudit: number[] = [];
    const withoutAudit: number[] = [];
    const cpuWith: number[] = [];
    const cpuWithout: number[] = [];
    let n = 0;
    for (let round = 0; round < 10; round++) {
      for (const audited of [true, false]) {
        SqlAuditStore.prototype.record = audited ? record : () => Promise.resolve();
        for (let i = 0; i < 30; i++) {
          const start = performance.now();
          const cpu = await threadCpu(() => put(n++));
          const wall = performance.now() - start;
          if (i < 3) continue; // warm-up of each round
          (audited ? withAudit : withoutAudit).push(wall);
          (audited ? cpuWith : cpuWithout).push(cpu);
        }
      }
    }
    SqlAuditStore.prototype.record = record;
    const w = summarise(withAudit);
    const wo = summarise(withoutAudit);
    const cw = summarise(cpuWith);
    const cwo = summarise(cpuWithout);
    const added = (a: Samples, b: Samples) => (a.median / b.median - 1) * 100;

    return {
      figures: [
        {
          label: 'explainer, one person × one channel, server median',
          value: explainer.server.median,
          unit: 'ms',
          target: { max: 20 },
          wall: true,
        },
        { label: 'explainer, CPU per request (median)', value: explainer.cpu.median, unit: 'ms' },
        {
          label: 'audit listing filtered by channel, first page, server median',
          value: byChannel.server.median,
          unit: 'ms',
          target: { max: 50 },
          wall: true,
        },
        {
          label: 'audit listing by channel, CPU per request',
          value: byChannel.cpu.median,
          unit: 'ms',
        },
        {
          label: 'audit listing by channel / unfiltered first page (plain), median',
          value: byChannel.server.median / unfiltered.server.median,
          unit: '×',
        },
        {
          label: 'properties update with its audit entry, added time (median)',
          value: added(w, wo),
          unit: '%',
          target: { max: 10 },
        },
        {
          label: 'properties update with its audit entry, added CPU (median)',
          value: added(cw, cwo),
          unit: '%',
        },
      ],
      notes: [
        `seeded ${PEOPLE} people and ${AUDIT_ENTRIES} audit entries over ${uuids.length} channels in ${seededS} s`,
        `explainer p95 ${explainer.server.p95.toFixed(1)} ms; audit by channel p95 ${byChannel.server.p95.toFixed(1)} ms; unfiltered median ${unfiltered.server.median.toFixed(1)} ms`,
        `properties update: with entry ${w.median.toFixed(2)} ms wall / ${cw.median.toFixed(2)} ms CPU, without ${wo.median.toFixed(2)} ms / ${cwo.median.toFixed(2)} ms (${w.runs} + ${wo.runs} requests, alternating rounds, SQLite)`,
        `load average ${loadNow()}`,
      ],
    };
  },
};

if (import.meta.main) await runStandalone(supportBenchmark);
