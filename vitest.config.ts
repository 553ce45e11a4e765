import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

// The API tests run twice: on SQLite (project `node`) and on PostgreSQL (`node-pg`, against a
// throw-away cluster that server/test/postgres-global-setup.ts starts; it fails the run, saying
// what to install, when PostgreSQL is missing). TEST_POSTGRES=off leaves the PostgreSQL run out,
// and says so.
const withPostgres = process.env.TEST_POSTGRES !== 'off';
if (!withPostgres) {
  console.warn(
    '\n*** TEST_POSTGRES=off: the API tests run on SQLite only; the PostgreSQL store is NOT tested. ***\n',
  );
}

const serverTests = {
  environment: 'node' as const,
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Test files at once: Vitest's default, one less than the cores, runs ONE at a time on the
    // CI's two cores, while most API test files spend much of their time waiting (timers,
    // sockets, PostgreSQL, child processes) rather than computing. Two there; as before on more
    // cores (docs/decisions/0142-ci-wall-time.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'node',
          ...serverTests,
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The console's pure functions speak through t(): Dutch loaded too, English after each test.
          setupFiles: ['src/test/languages.ts'],
          // PostgreSQL's own tests, and the cluster behind HAProxy, run in node-pg only.
          exclude: [
            'server/store/postgres/**',
            'server/cluster.test.ts',
            'server/faults/cluster-faults.test.ts',
            'server/faults/rolling-upgrade.test.ts',
            'server/faults/standby-takeover.test.ts',
          ],
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'node-pg',
                ...serverTests,
                include: ['server/**/*.test.ts'],
                // The graceful-stop test runs a SQLite process: once, in `node`, is enough.
                // The deploy/ check reads no database: once, in `node`, is enough.
                exclude: [
                  'server/store/sqlite/**',
                  'server/faults/graceful-stop.test.ts',
                  'server/cluster-harness/deploy.test.ts',
                ],
                globalSetup: ['server/test/postgres-global-setup.ts'],
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
