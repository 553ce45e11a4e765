/**
 * npm run start:cluster — the cloud as many instances behind a load balancer, on this machine:
 * a throw-away PostgreSQL cluster, three instances and HAProxy on CLUSTER_PORT (default 8090;
 * the instances take the next three ports). Ctrl-C stops everything and removes its data.
 */
import { startCloudCluster } from './cluster/cluster.ts';

const port = Number(process.env.CLUSTER_PORT ?? 8090);
const cluster = await startCloudCluster({
  port,
  instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
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
