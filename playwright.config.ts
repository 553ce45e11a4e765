import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// End-to-end tests run the real cloud (fresh database, demo seed) with the built console, on a port
// of their own, and drive Debian's Chromium (never a downloaded browser). A second cloud, on the
// next port, issues access tokens that last 40 s, so that refreshing really happens in the
// `short-tokens` project (*.short-tokens.spec.ts); the console refreshes 30 s before expiry.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const shortTokensURL = `http://127.0.0.1:${port + 1}`;
const postgresURL = `http://127.0.0.1:${port + 2}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'telemetry-e2e-'));
const shortTokensDataDir = mkdtempSync(join(tmpdir(), 'telemetry-e2e-short-'));
const shortTokens = /\.short-tokens\.spec\.ts$/;
// Journeys that also run against a cloud on PostgreSQL (project `postgres`).
const onPostgres = /console-(sign-in|groups-nodes)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: shortTokens },
    {
      name: 'short-tokens',
      use: { ...devices['Desktop Chrome'], baseURL: shortTokensURL },
      testMatch: shortTokens,
    },
    {
      name: 'postgres',
      use: { ...devices['Desktop Chrome'], baseURL: postgresURL },
      testMatch: onPostgres,
    },
  ],
  // Started one after the other: the second serves the console the first one built.
  webServer: [
    {
      command: 'npm run build && node server/main.ts',
      url: `${baseURL}/v1/admin/ping`,
      reuseExistingServer: false,
      timeout: 240_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        // As `npm start` runs it: push may reach this machine, and push inboxes are on.
        PUSH_ALLOW_NETWORKS: 'loopback',
        PUSH_INBOX: 'on',
      },
    },
    {
      command: 'node server/main.ts',
      url: `${shortTokensURL}/v1/admin/ping`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port + 1),
        HOST: '127.0.0.1',
        DATA_DIR: shortTokensDataDir,
        PUBLIC_URL: shortTokensURL,
        AUTH_ACCESS_TOKEN_TTL: '40',
        SIMULATOR: 'off',
      },
    },
    {
      // The same cloud on PostgreSQL: a throw-away cluster of its own, a day of demo history.
      command: 'node scripts/cluster/postgres-cloud.ts',
      url: `${postgresURL}/readyz`,
      reuseExistingServer: false,
      // A signal it can answer: it stops the cloud, then its PostgreSQL cluster.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      timeout: 240_000,
      env: {
        PORT: String(port + 2),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'telemetry-e2e-pg-')),
        PUBLIC_URL: postgresURL,
        DEMO_DAYS: '1',
        PUSH_ALLOW_NETWORKS: 'loopback',
        PUSH_INBOX: 'on',
      },
    },
  ],
});
