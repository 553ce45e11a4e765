import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

/** Seeds the demo tenant when the database has no users yet. */
export async function seedDemoIfEmpty(services: Services, log: FastifyBaseLogger): Promise<void> {
  const row = services.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
  if (row.n > 0) return;
  log.info('empty database: seeding the demo tenant');
  await seedDemoAccounts(services.users, services.now());
}
