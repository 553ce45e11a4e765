import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// End-to-end tests run the real cloud (fresh database, demo seed) with the built console, on a port
// of their own, and drive Debian's Chromium (never a downloaded browser). A second cloud, on the
// next port, issues access tokens that last 40 s, so that refreshing really happens in the
// `short-tokens` project (*.short-tokens.spec.ts); the console refreshes 30 s before expiry. A
// third, on E2E_PORT + 8, holds the large fleet of `npm run seed:large` (10,000 nodes, seeded in
// a second or two) for the `large-fleet` project (*.large-fleet.spec.ts). Ports in between:
// + 2 and + 3 serve the console from other origins (e2e/cross-origin.spec.ts), + 4 … + 7 are the
// LemonLDAP::NG set-up's (e2e/lemonldap/). On E2E_PORT + 9, the same cloud on PostgreSQL for the
// `postgres` project (journeys that run on both stores).
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const shortTokensURL = `http://127.0.0.1:${port + 1}`;
const largeFleetURL = `http://127.0.0.1:${port + 8}`;
const postgresURL = `http://127.0.0.1:${port + 9}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'telemetry-e2e-'));
const shortTokensDataDir = mkdtempSync(join(tmpdir(), 'telemetry-e2e-short-'));
const largeFleetDataDir = mkdtempSync(join(tmpdir(), 'telemetry-e2e-large-'));
const shortTokens = /\.short-tokens\.spec\.ts$/;
const largeFleet = /\.large-fleet\.spec\.ts$/;
// LemonLDAP::NG from Debian as the outside identity provider (e2e/lemonldap/): the spec starts
// its own provider, cloud and console origins on E2E_PORT + 4 … + 7, and is skipped, loudly,
// where the package is not installed.
const lemonLdap = /\.lemonldap\.spec\.ts$/;
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
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [shortTokens, largeFleet, lemonLdap],
    },
    {
      name: 'short-tokens',
      use: { ...devices['Desktop Chrome'], baseURL: shortTokensURL },
      testMatch: shortTokens,
    },
    {
      name: 'large-fleet',
      use: { ...devices['Desktop Chrome'], baseURL: largeFleetURL },
      testMatch: largeFleet,
    },
    { name: 'lemonldap', use: { ...devices['Desktop Chrome'] }, testMatch: lemonLdap },
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
        // A console on a second origin (e2e/cross-origin.spec.ts) may call the API.
        CORS_ORIGINS: `http://127.0.0.1:${port + 2}`,
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
      command: 'node server/sim/seed-large-cli.ts && node server/main.ts',
      url: `${largeFleetURL}/v1/admin/ping`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port + 8),
        HOST: '127.0.0.1',
        DATA_DIR: largeFleetDataDir,
        PUBLIC_URL: largeFleetURL,
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
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
        PORT: String(port + 9),
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
