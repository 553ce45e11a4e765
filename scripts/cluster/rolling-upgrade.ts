import { printUpgrade, rollingUpgrade } from '../../server/cluster-harness/rolling-upgrade.ts';

// `npm run drill:upgrade -- [commit]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.CLUSTER_PORT ?? 8090);
  rollingUpgrade({ port, from: process.argv[2], log: (line) => console.log(line) })
    .then((figures) => {
      printUpgrade(figures);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
