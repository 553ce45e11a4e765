import type { FastifyBaseLogger } from 'fastify';
import type { ScryptParams } from '../auth/passwords.ts';
import type { Services } from '../services.ts';
import { backfill, type BackfillReport } from './backfill.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { createDemoFleet, type DemoUserIds } from './demo-fleet.ts';
import { demoFleet, FLEET_SIZE, type FleetSize, type Vehicle } from './fleet.ts';
import { DAY_MS } from './local-time.ts';
import { saveKeys, type GatewayKeys } from './simulator-keys.ts';
import { demoSenders } from './timeline.ts';

export interface DemoSeedOptions {
  /** How many vans, reefers and acme trucks (tests take fewer). */
  size?: FleetSize;
  /** Days of history to backfill, ending now. */
  days?: number;
  progress?: (line: string) => void;
  /** How the demo accounts' passwords are hashed: the strong default, or tests' cheap one. */
  scrypt?: ScryptParams;
}

export interface DemoSeed {
  fleet: Vehicle[];
  keys: GatewayKeys;
  backfill: BackfillReport;
}

export const DEMO_HISTORY_DAYS = 7;

/** The demo fleet with its history up to now; the accounts must exist. */
export async function seedDemoFleet(
  services: Services,
  ids: DemoUserIds,
  options: DemoSeedOptions = {},
): Promise<DemoSeed> {
  const now = services.now();
  const from = now - (options.days ?? DEMO_HISTORY_DAYS) * DAY_MS;
  const fleet = demoFleet(options.size ?? FLEET_SIZE);
  const created = await createDemoFleet(services, ids, fleet, from);
  await saveKeys(services.store, services.config.dataDir, created.keys);
  const report = await backfill(
    services,
    created.gateways,
    demoSenders(fleet),
    from,
    now,
    options.progress,
  );
  return { fleet, keys: created.keys, backfill: report };
}

/**
 * Seeds the demo tenant when the database has no users yet. Instances that start together on an
 * empty database take turns: the first seeds, the others wait for it and find users.
 */
export function seedDemoIfEmpty(
  services: Services,
  log: FastifyBaseLogger,
  options: DemoSeedOptions = {},
): Promise<boolean> {
  return services.store.exclusively('demo-seed', async () => {
    if ((await services.store.users.count()) > 0) return false;
    await seedDemo(services, log, options);
    return true;
  });
}

async function seedDemo(services: Services, log: FastifyBaseLogger, options: DemoSeedOptions) {
  log.info('empty database: seeding the demo tenant');
  const started = performance.now();
  const ids = await seedDemoAccounts(services.store.users, services.now(), options.scrypt);
  const seed = await seedDemoFleet(services, ids, {
    progress: (line) => log.info(line),
    ...options,
  });
  await services.store.optimize();
  log.info(
    `demo tenant seeded: ${seed.fleet.length} nodes, ${seed.backfill.accepted} messages of ` +
      `history in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
