import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.ts';
import { closeServices, createServices } from '../services.ts';
import { openStore } from '../store/open-store.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { LARGE_DEFAULTS, seedLarge } from './seed-large.ts';

const usage = `npm run seed:large -- [options]   seeds a large fleet into DATA_DIR (empty) for benchmarks

  --nodes N          nodes, each with gps, temp and conn sensors (default ${LARGE_DEFAULTS.nodes})
  --group-members N  nodes in the group "Benchmark group" (default ${LARGE_DEFAULTS.groupMembers})
  --group-items N    items that group holds within the last day (default ${LARGE_DEFAULTS.groupItems})
  --dense-points N   GPS points of "Dense node" within the last day (default ${LARGE_DEFAULTS.densePoints})`;

const count = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, not "${value}"`);
  return Number(value);
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string' },
      'group-members': { type: 'string' },
      'group-items': { type: 'string' },
      'dense-points': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const options = {
    nodes: count('nodes', values.nodes, LARGE_DEFAULTS.nodes),
    groupMembers: count('group-members', values['group-members'], LARGE_DEFAULTS.groupMembers),
    groupItems: count('group-items', values['group-items'], LARGE_DEFAULTS.groupItems),
    densePoints: count('dense-points', values['dense-points'], LARGE_DEFAULTS.densePoints),
  };
  if (options.groupMembers > options.nodes) throw new Error('--group-members exceeds --nodes');
  const config = configFromEnv();
  const store = await openStore(config);
  const services = await createServices(store, config);
  try {
    if ((await store.users.count()) > 0) {
      throw new Error(`${config.dataDir} already holds a cloud; point DATA_DIR at an empty folder`);
    }
    const ids = await seedDemoAccounts(store.users, services.now());
    const seed = await seedLarge(services, ids, options);
    console.log(`Seeded ${config.dataDir} in ${(seed.ms / 1000).toFixed(1)} s:
  ${seed.nodes} nodes with ${seed.sensors} sensors, owned by admin (tenant demo)
  group "Benchmark group" (${seed.group.uuid}): ${options.groupMembers} members, ${options.groupItems} items in the last day (fleet has access)
  "Dense node" (${seed.dense.uuid}): ${options.densePoints} GPS points in the last day
  ${seed.messages} messages through ingestion from "Benchmark gateway" (${seed.gateway.reference})
  users: admin / demo-admin, fleet / demo-fleet, support / demo-support, acme / demo-acme`);
  } finally {
    await closeServices(services);
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
