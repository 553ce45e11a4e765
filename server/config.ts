import { resolve } from 'node:path';

export interface CloudConfig {
  port: number;
  host: string;
  /** Where the cloud's database and keys live; ':memory:' for tests. */
  dataDir: string;
  /** The address people and tokens know the cloud by, e.g. http://localhost:8080. */
  publicUrl: string;
  logLevel: string;
  /** Run the demo fleet's gateways (npm start); off in tests. */
  simulator: boolean;
  /** Serve the built console from this folder, when it exists. */
  consoleDir: string;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}"`);
  return Number(value);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): CloudConfig {
  const port = integer('PORT', env.PORT, 8080);
  return {
    port,
    host: env.HOST ?? 'localhost',
    dataDir: env.DATA_DIR === ':memory:' ? ':memory:' : resolve(env.DATA_DIR ?? '.data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    simulator: (env.SIMULATOR ?? 'on') !== 'off',
    consoleDir: resolve(env.CONSOLE_DIR ?? 'dist'),
  };
}

/** The configuration tests build apps with: memory database, no simulator, quiet. */
export function testConfig(overrides: Partial<CloudConfig> = {}): CloudConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: ':memory:',
    publicUrl: 'http://127.0.0.1',
    logLevel: 'silent',
    simulator: false,
    consoleDir: resolve('dist'),
    ...overrides,
  };
}
