import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { buildApp, type Cloud } from '../app.ts';
import { testConfig, type CloudConfig } from '../config.ts';
import type { Store } from '../store/store.ts';
import type { SqlProbe } from './sql-probe.ts';
import { openTestStore } from './test-store.ts';
import { TEST_SCRYPT } from '../auth/passwords.ts';
import { demoUsers, seedDemoAccounts } from '../sim/demo-accounts.ts';
import { ContractChecker } from './contract-check.ts';

export type DemoUser = (typeof demoUsers)[number]['username'];

export interface CallOptions {
  as?: DemoUser | { username: string; password: string } | null;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  payload?: string;
  /** The client's address as the socket would show it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
}

export interface TestCloud extends Cloud {
  ids: Record<DemoUser, number>;
  store: Store;
  /** Plain SQL, for what the API cannot show (state.ts). */
  sql: SqlProbe;
  /** Log lines the cloud wrote, for tests that look for leaks. */
  logs: string[];
  /** Simulated clock: tests move it with `clock.now = …`. */
  clock: { now: number };
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

/**
 * A cloud over a fresh database of the engine under test (or the one of `overrides.dataDir`, for
 * restart tests) with the demo accounts, and a contract-checked caller.
 */
export async function createTestCloud(
  overrides: Partial<CloudConfig> = {},
  /** PostgreSQL: connect through this (a relay a test cuts, to play a database outage). */
  through?: (url: string) => string,
): Promise<TestCloud> {
  const config = testConfig({ logLevel: 'info', ...overrides });
  const keep =
    config.dataDir === ':memory:'
      ? undefined
      : `d_${createHash('sha256').update(config.dataDir).digest('hex').slice(0, 16)}`;
  const { store, sql, close } = await openTestStore(config.dataDir, keep, through);
  const clock = { now: T0 };
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  const cloud = await buildApp({ store, config, now: () => clock.now, logStream });
  const ids = await seedDemoAccounts(store.users, clock.now, TEST_SCRYPT);
  const contract = new ContractChecker(cloud.app);

  async function call(method: InjectOptions['method'], url: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    const who = options.as === undefined ? 'admin' : options.as;
    if (who !== null) {
      const pair =
        typeof who === 'string'
          ? { username: who, password: demoUsers.find((u) => u.username === who)?.password ?? '' }
          : who;
      headers.authorization ??= `Basic ${Buffer.from(`${pair.username}:${pair.password}`).toString('base64')}`;
    }
    let payload = options.payload;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const response = await cloud.app.inject({
      method,
      url: url + query,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
    });
    const contentType = response.headers['content-type'];
    contract.check(
      String(method),
      url + query,
      response.statusCode,
      contentType as string,
      response.body,
    );
    let json: unknown;
    if (String(contentType ?? '').startsWith('application/json')) json = JSON.parse(response.body);
    return { status: response.statusCode, headers: response.headers, text: response.body, json };
  }

  return {
    ...cloud,
    ids,
    // Writes through the cloud's own store, so its caches hear of them (reach-cache.ts).
    store: cloud.services.store,
    sql,
    logs,
    clock,
    call,
    async close() {
      await cloud.app.close();
      await close();
    },
  };
}
