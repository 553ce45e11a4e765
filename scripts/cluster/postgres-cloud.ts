/**
 * One cloud on a throw-away PostgreSQL cluster, for the end-to-end journeys that run against
 * PostgreSQL (playwright.config.ts, project `postgres`): starts the cluster, runs
 * `node server/main.ts` with DATABASE_URL (the rest of the environment as given), and on SIGTERM
 * or SIGINT stops both and removes the data.
 */
import { spawn } from 'node:child_process';
import { admin, startCluster } from '../../server/test/postgres-cluster.ts';

const cluster = await startCluster(
  process.env.E2E_PG_PORT ? { port: Number(process.env.E2E_PG_PORT) } : {},
);
await admin(cluster.url(), 'CREATE DATABASE telemetry');
const cloud = spawn(process.execPath, ['server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: cluster.url('telemetry') },
});
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  cloud.kill('SIGTERM');
  const done = () => {
    cluster.stop();
    process.exit(code);
  };
  if (cloud.exitCode !== null) done();
  else cloud.once('exit', done);
};
cloud.once('exit', (code) => stop(code ?? 1));
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
