import type { TestProject } from 'vitest/node';
import { createPool, migrate } from '../store/postgres/database.ts';
import { admin, startCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's superuser URL, with the migrated template database. */
    postgresUrl: string;
  }
}

export const TEMPLATE = 'telemetry_template';

/**
 * The PostgreSQL run of the API tests (vitest project `node-pg`): one throw-away cluster for the
 * run, and a template database with every migration applied, copied for each test cloud.
 * Without PostgreSQL this fails the run, saying what to install: never a silent pass.
 */
export default async function setup(project: TestProject) {
  const port = process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : undefined;
  const cluster = await startCluster(port === undefined ? {} : { port });
  await admin(cluster.url(), `CREATE DATABASE ${TEMPLATE}`);
  const pool = createPool({ url: cluster.url(TEMPLATE), poolSize: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  project.provide('postgresUrl', cluster.url());
  // Also when the run is interrupted: no cluster is left behind.
  const stop = () => cluster.stop();
  process.once('exit', stop);
  return () => {
    process.off('exit', stop);
    stop();
  };
}
