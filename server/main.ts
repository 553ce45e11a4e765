import { configFromEnv } from './config.ts';
import { openStore } from './store/open-store.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './sim/seed-demo.ts';
import { LiveSimulator } from './sim/simulator.ts';
import { Retention } from './retention.ts';

/** `npm start`: the cloud with the built console on one origin, the demo fleet seeded and live. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const store = await openStore(config);
  const cloud = await buildApp({ store, config });
  const log = cloud.app.log;
  await seedDemoIfEmpty(cloud.services, log, { days: config.demoBackfillDays });
  const address = await cloud.app.listen({ port: config.port, host: config.host });
  log.info(`Telemetry Cloud and console on ${config.publicUrl} (data in ${config.dataDir})`);

  let retention: Retention | undefined;
  if (config.retentionDays !== null) {
    retention = new Retention(cloud.services.store.readings, config.retentionDays, Date.now, log);
    retention.start();
  }

  let simulator: LiveSimulator | undefined;
  if (config.simulator) {
    // The gateways deliver to the address the cloud listens on, over real HTTP.
    simulator = await LiveSimulator.create({ services: cloud.services, baseUrl: address, log });
    simulator.start();
  }

  // Graceful shutdown: /readyz answers 503 at once (the balancer stops sending), requests under
  // way are answered and new ones refused with 503 (Fastify), push deliveries under way finish
  // and are logged, then the database is closed. A shutdown that hangs ends after 30 s.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    cloud.services.lifecycle.draining = true;
    log.info(`${signal}: stopping`);
    setTimeout(() => {
      log.error('shutdown took over 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    await simulator?.stop();
    await retention?.stop();
    await cloud.app.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
