/**
 * npm run start:cluster — the cloud as many instances behind a load balancer, on this machine:
 * a throw-away PostgreSQL cluster (CLUSTER_PG_PORT, default any free port), three instances
 * (CLUSTER_INSTANCES) on CLUSTER_INSTANCE_PORT and the ports after it (default: after the
 * balancer's) and HAProxy on CLUSTER_PORT (default 8090). An instance that exits is started
 * again (a supervisor, as systemd's Restart=always). Ctrl-C stops everything and removes its data.
 */
import { startCloudCluster } from '../server/cluster-harness/cluster.ts';

const port = Number(process.env.CLUSTER_PORT ?? 8090);
const portFrom = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const postgresPort = portFrom('CLUSTER_PG_PORT');
const instancePort = portFrom('CLUSTER_INSTANCE_PORT');
const cluster = await startCloudCluster({
  port,
  instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
  ...(postgresPort !== undefined ? { postgresPort } : {}),
  ...(instancePort !== undefined ? { instancePort } : {}),
  log: (line) => console.log(line),
});
console.log(`\nThe cloud and console: ${cluster.url} (admin / demo-admin). Ctrl-C stops it.`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
