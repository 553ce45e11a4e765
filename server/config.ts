import { resolve } from 'node:path';
import { DEFAULT_HOLD_OFF_MINUTES } from '../contract/alarm-rules/silence-rule.ts';
import { authConfigFromEnv, defaultAuthConfig, type AuthConfig } from './auth/auth-config.ts';
import { DELIVERY_TIMEOUT_MS } from './push/limits.ts';
import { DEFAULT_LIMITS, limitsFromEnv, type Limits } from './http/limits.ts';

// Every environment variable read here (and in auth/auth-config.ts, http/limits.ts, main.ts) is
// listed with its default and meaning in config-variables.ts, which docs/configuration.md is
// generated from; `npm run lint` fails on a variable missing there (scripts/docs/configuration.ts).
export interface CloudConfig {
  /** PORT: the port to listen on. */
  port: number;
  /** HOST: the address to listen on. */
  host: string;
  /** Where the cloud's database and keys live; ':memory:' for tests. */
  dataDir: string;
  /** postgres://… selects the PostgreSQL store (many instances); null keeps SQLite in dataDir. */
  databaseUrl: string | null;
  /** Connections to PostgreSQL per instance. */
  databasePoolSize: number;
  /**
   * SQLITE_READ_WORKERS: worker threads that run SQLite's slow reads (listing, positions,
   * history) on connections of their own; 0 runs them on the event loop
   * (docs/decisions/0106-sqlite-reads-on-workers.md).
   */
  sqliteReadWorkers: number;
  /** History older than this many days is dropped; null keeps everything. */
  retentionDays: number | null;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are removed; null keeps them. */
  auditRetentionDays: number | null;
  /** When set, GET /metrics asks for it as a bearer token. */
  metricsToken: string | null;
  /** Days of history the demo tenant is seeded with when the database is empty. */
  demoDays: number;
  /** The address people and tokens know the cloud by, e.g. http://localhost:8080. */
  publicUrl: string;
  /** LOG_LEVEL: debug (a line per request), info, warn, error or silent. */
  logLevel: string;
  /** Run the demo fleet's gateways (npm start); off in tests. */
  simulator: boolean;
  /** Serve the built console from this folder, when it holds one; null serves none. */
  consoleDir: string | null;
  /** Identity provider, tokens and clients (server/auth/auth-config.ts). */
  auth: AuthConfig;
  /**
   * Networks push deliveries may reach although they are loopback, private or otherwise refused
   * (CIDR, a single address, or `loopback`). `npm start` allow-lists loopback for the demo.
   */
  pushAllowNetworks: string[];
  /** Offer push inboxes (a receiver on the cloud for trying push); `npm start` turns them on. */
  pushInbox: boolean;
  /** Time limit of one delivery: 10 s (docs/decisions/0016-push-delivery.md, "Push delivery"), less only in tests. */
  pushTimeoutMs: number;
  /**
   * Origins whose pages may call the API from a browser (exactly, e.g. https://console.example);
   * empty: the cloud's own origin only (server/http/cors.ts).
   */
  corsOrigins: string[];
  /**
   * How often a live stream checks its credentials, reach and permissions again (a bearer token
   * also ends it when it expires): a minute, less only in tests.
   */
  liveRecheckMs: number;
  /** How often a live stream says it is alive: 15 s (under the 30 s proxies allow), less in tests. */
  liveHeartbeatMs: number;
  /**
   * SMTP_URL: the mail server notifications go through (smtp://user:pass@host:587, smtps://…);
   * null: no e-mail is sent, and each attempt says so in the delivery log (docs/notifications.md).
   */
  smtpUrl: string | null;
  /** SMTP_FROM: the sender of notification mail. */
  smtpFrom: string;
  /** The first wait before a failed notification is tried again (it doubles): 2 s, less in tests. */
  notificationRetryMs: number;
  /** Within this window more than a few alarm mails to one person become a digest: 5 min. */
  notificationDigestMs: number;
  /** Fair shares and timeouts (server/http/limits.ts). */
  limits: Limits;
  /** Keys that seal secrets at rest (server/secrets/sealer.ts); null: secrets.key in DATA_DIR. */
  secretsKey: string | null;
  /**
   * A Nominatim server that names places (GEOCODER_URL); null offers no place finder
   * (server/geocoder/nominatim.ts).
   */
  geocoderUrl: string | null;
  /** Who asks, as Nominatim's usage policy wants it said (GEOCODER_USER_AGENT). */
  geocoderUserAgent: string;
  /** Minutes readings must be back within limits before an alarm clears (docs/decisions/0080-alarms.md). */
  alarmHoldOffMinutes: number;
  /**
   * How long a stopping instance goes on serving after /readyz turned 503, so that the balancer's
   * checks take it out before it closes (SHUTDOWN_DRAIN_MS; docs/decisions/0181).
   */
  shutdownDrainMs: number;
}

/** HAProxy's checks (inter 1 s, fall 2) take a failing instance out within about 2 s. */
const SHUTDOWN_DRAIN_MS = 3_000;

const GEOCODER_USER_AGENT =
  'telemetry-reference-cloud/1.0 (fleet console; reverse geocoding of stops)';

// The console that watches a cloud without alarms holds off as long (contract/alarm-rules/).
const ALARM_HOLD_OFF_MINUTES = DEFAULT_HOLD_OFF_MINUTES;

const LIVE_RECHECK_MS = 60_000;
const LIVE_HEARTBEAT_MS = 15_000;

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}"`);
  return Number(value);
}

/** SQLite's read workers when SQLITE_READ_WORKERS is unset (measured: docs/benchmarks.md). */
const DEFAULT_READ_WORKERS = 0;
/** More threads than this only take memory (a statement cache and page cache each) on any host. */
const MOST_READ_WORKERS = 16;

const NOTIFICATION_RETRY_MS = 2_000;
const NOTIFICATION_DIGEST_MS = 5 * 60_000;

/** An smtp:// or smtps:// URL, or null when unset. */
function smtpUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  return value;
}

function readWorkers(value: string | undefined): number {
  const count = integer('SQLITE_READ_WORKERS', value, DEFAULT_READ_WORKERS);
  if (count > MOST_READ_WORKERS) {
    throw new Error(`SQLITE_READ_WORKERS must be at most ${MOST_READ_WORKERS}, not ${count}`);
  }
  return count;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): CloudConfig {
  const port = integer('PORT', env.PORT, 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? 'localhost',
    dataDir: env.DATA_DIR === ':memory:' ? ':memory:' : resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databasePoolSize: integer('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10) || 10,
    sqliteReadWorkers: readWorkers(env.SQLITE_READ_WORKERS),
    retentionDays: retentionDays(env.RETENTION_DAYS),
    auditRetentionDays: retentionDays(env.AUDIT_RETENTION_DAYS, 'AUDIT_RETENTION_DAYS'),
    metricsToken: env.METRICS_TOKEN || null,
    demoDays: integer('DEMO_DAYS', env.DEMO_DAYS, 7),
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    simulator: (env.SIMULATOR ?? 'on') !== 'off',
    consoleDir: resolve(env.CONSOLE_DIR ?? 'dist'),
    auth: authConfigFromEnv(env, publicUrl),
    pushAllowNetworks: list(env.PUSH_ALLOW_NETWORKS),
    pushInbox: onOff('PUSH_INBOX', env.PUSH_INBOX, false),
    pushTimeoutMs: DELIVERY_TIMEOUT_MS,
    corsOrigins: origins('CORS_ORIGINS', env.CORS_ORIGINS),
    liveRecheckMs: LIVE_RECHECK_MS,
    liveHeartbeatMs: LIVE_HEARTBEAT_MS,
    limits: limitsFromEnv(env),
    smtpUrl: smtpUrl(env.SMTP_URL),
    smtpFrom: env.SMTP_FROM || `Telemetry Console <alarms@${new URL(publicUrl).hostname}>`,
    notificationRetryMs: NOTIFICATION_RETRY_MS,
    notificationDigestMs: NOTIFICATION_DIGEST_MS,
    secretsKey: env.SECRETS_KEY || null,
    geocoderUrl: geocoderUrl(env.GEOCODER_URL),
    geocoderUserAgent: env.GEOCODER_USER_AGENT || GEOCODER_USER_AGENT,
    shutdownDrainMs: integer('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, SHUTDOWN_DRAIN_MS),
    alarmHoldOffMinutes: integer(
      'ALARM_HOLD_OFF_MINUTES',
      env.ALARM_HOLD_OFF_MINUTES,
      ALARM_HOLD_OFF_MINUTES,
    ),
  };
}

function geocoderUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.username) {
    throw new Error(
      'GEOCODER_URL must be the http(s) address of a Nominatim server, e.g. ' +
        'https://nominatim.openstreetmap.org (without a query or credentials)',
    );
  }
  return value.replace(/\/+$/, '');
}

/** Exact origins: scheme, host and port, nothing else (no path, no wildcard, no trailing /). */
function origins(name: string, value: string | undefined): string[] {
  return list(value).map((item) => {
    const origin = URL.canParse(item) ? new URL(item).origin : 'null';
    if (origin === 'null' || origin !== item) {
      throw new Error(
        `${name}: "${item}" is not an origin; write scheme://host[:port] exactly as the browser ` +
          'sends it, without a path or a trailing slash',
      );
    }
    return origin;
  });
}

function databaseUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new Error('DATABASE_URL must be a postgres:// address (unset it for SQLite in DATA_DIR)');
  }
  return value;
}

function retentionDays(value: string | undefined, name = 'RETENTION_DAYS'): number | null {
  if (value === undefined || value === '') return null;
  const days = integer(name, value, 0);
  if (days < 1) throw new Error(`${name} must be at least 1 (unset it to keep everything)`);
  return days;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${name} must be "on" or "off", not "${value}"`);
}

/** The configuration tests build apps with: memory database, no simulator, quiet. */
export function testConfig(overrides: Partial<CloudConfig> = {}): CloudConfig {
  const publicUrl = overrides.publicUrl ?? 'http://127.0.0.1';
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: ':memory:',
    databaseUrl: null,
    databasePoolSize: 5,
    sqliteReadWorkers: 0,
    retentionDays: null,
    auditRetentionDays: null,
    metricsToken: null,
    demoDays: 0,
    publicUrl,
    logLevel: 'silent',
    simulator: false,
    // Tests exercise the API; whether a console was built must not change their answers.
    consoleDir: null,
    auth: defaultAuthConfig(publicUrl),
    pushAllowNetworks: [],
    pushInbox: false,
    pushTimeoutMs: DELIVERY_TIMEOUT_MS,
    corsOrigins: [],
    liveRecheckMs: LIVE_RECHECK_MS,
    liveHeartbeatMs: LIVE_HEARTBEAT_MS,
    limits: DEFAULT_LIMITS,
    smtpUrl: null,
    smtpFrom: 'Telemetry Console <alarms@telemetry.test>',
    notificationRetryMs: NOTIFICATION_RETRY_MS,
    notificationDigestMs: NOTIFICATION_DIGEST_MS,
    secretsKey: null,
    geocoderUrl: null,
    geocoderUserAgent: GEOCODER_USER_AGENT,
    alarmHoldOffMinutes: ALARM_HOLD_OFF_MINUTES,
    shutdownDrainMs: 0,
    ...overrides,
  };
}
