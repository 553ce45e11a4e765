import { configFromEnv } from './config.ts';
import { openStore } from './store/open-store.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './sim/seed-demo.ts';
import { LiveSimulator } from './sim/simulator.ts';
import { Retention } from './retention.ts';
import { Leadership } from './leadership.ts';
import { secureDataDir } from './secrets/data-dir.ts';
import { SecretsKeyMismatchError } from './secrets/key-check.ts';
import { banner, chooseLogFormat, logStreamFor } from './log-format.ts';
import { demoUsers } from './sim/demo-accounts.ts';

/** `npm start`: the cloud with the built console on one origin, the demo fleet seeded and live. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const terminal = process.stdout.isTTY === true;
  const format = chooseLogFormat(process.env.LOG_FORMAT, terminal);
  secureDataDir(config.dataDir, (line) => console.warn(`DATA_DIR: ${line}`));
  const store = await openStore(config);
  const logStream = logStreamFor(format, terminal);
  const cloud = await buildApp({ store, config, ...(logStream ? { logStream } : {}) });
  const log = cloud.app.log;
  await seedDemoIfEmpty(cloud.services, log, { days: config.demoDays });
  const address = await cloud.app.listen({ port: config.port, host: config.host });
  log.info(`Telemetry Cloud and console on ${config.publicUrl} (data in ${config.dataDir})`);
  if (terminal) {
    const found = await Promise.all(
      demoUsers.map((user) => store.users.findByUsername(user.username)),
    );
    const demoUsernames = found.flatMap((user) => (user ? [user.username] : []));
    const { dataDir, databaseUrl } = config;
    process.stdout.write(
      `${banner({ address: config.publicUrl, dataDir, databaseUrl, demoUsernames })}\n`,
    );
  }

  let retention: Retention | undefined;
  if (config.retentionDays !== null) {
    retention = new Retention(cloud.services.store.readings, config.retentionDays, Date.now, log);
    retention.start();
  }
  // Alarms are kept as long as the readings that raised them (docs/decisions/0137-alarm-retention.md).
  let alarmRetention: Retention | undefined;
  if (config.retentionDays !== null) {
    const { alarms } = cloud.services.store;
    alarmRetention = new Retention(alarms, config.retentionDays, Date.now, log, 'ended alarms');
    alarmRetention.start();
  }
  let auditRetention: Retention | undefined;
  if (config.auditRetentionDays !== null) {
    const { audit } = cloud.services.store;
    auditRetention = new Retention(
      audit,
      config.auditRetentionDays,
      Date.now,
      log,
      'audit entries',
    );
    auditRetention.start();
  }

  // The demo's gateways run in one instance at a time (the holder of the simulator's lease) and
  // move to another when that one stops or dies; they deliver to the address this instance
  // listens on, over real HTTP.
  let simulation: Leadership | undefined;
  if (config.simulator) {
    simulation = new Leadership({
      leases: store.leases,
      name: 'simulator',
      log,
      announce: () => cloud.services.bus.leaseReleased(),
      work: async () => {
        const simulator = await LiveSimulator.create({
          services: cloud.services,
          baseUrl: address,
          log,
        });
        simulator.start();
        return () => simulator.stop();
      },
    });
    await simulation.start();
    const sim = simulation;
    cloud.services.bus.onLeaseReleased(() => sim.tryNow());
  }

  // Graceful shutdown (docs/decisions/0181-rolling-upgrades.md): /readyz answers 503 at once
  // while requests are still served for SHUTDOWN_DRAIN_MS, until the balancer's checks have
  // taken the instance out; meanwhile the leases (push, alarms, simulator) are let go and the
  // other instances told, so they take them within a round trip. Then the server closes: live
  // streams end with `shutdown` (their clients come back through the balancer, elsewhere, with
  // Last-Event-ID), requests under way are answered and late ones get 503 with Retry-After,
  // push deliveries under way finish and are logged, and the database is closed. A shutdown
  // that hangs ends after 30 s.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    cloud.services.lifecycle.draining = true;
    log.info(`${signal}: stopping (draining for ${config.shutdownDrainMs} ms)`);
    setTimeout(() => {
      log.error('shutdown took over 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await Promise.all([
      simulation?.stop(),
      cloud.services.pushLeadership.stop(),
      cloud.services.alarmLeadership.stop(),
      cloud.services.notifications.leadership.stop(),
    ]);
    await drained;
    await retention?.stop();
    await auditRetention?.stop();
    await alarmRetention?.stop();
    await cloud.app.close();
    // A request whose client went away (the balancer stopped) may still be running: let it end.
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { open, idle, waiting } = store.connections();
      if (open === idle && waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await store.close();
    process.exit(0);
  };
  // A promise nobody awaited that failed (a timer's work, a fault of the database): logged with
  // what it was, and the instance goes on; Node's default would end it (issue 17). Only a
  // failure to start ends the process (below).
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection; the instance goes on');
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A setting to fix: its message alone says which and how.
  if (error instanceof SecretsKeyMismatchError) console.error(`Not started: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
