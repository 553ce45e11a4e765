import type { Writable } from 'node:stream';
import pretty from 'pino-pretty';
import { demoUsers } from './sim/demo-accounts.ts';

export type LogFormat = 'pretty' | 'json';

/**
 * A log for people and one for machines (issue 34): readable lines at a terminal, JSON for
 * anything that reads the log (a file, journald, a collector). LOG_FORMAT chooses either way.
 */
export function chooseLogFormat(setting: string | undefined, terminal: boolean): LogFormat {
  if (setting === undefined || setting === '') return terminal ? 'pretty' : 'json';
  if (setting === 'json' || setting === 'pretty') return setting;
  throw new Error(`LOG_FORMAT must be "json" or "pretty", not "${setting}"`);
}

/** Where the cloud's log goes in that format: undefined keeps pino's JSON on stdout. */
export function logStreamFor(
  format: LogFormat,
  colours: boolean,
  destination?: Writable,
): Writable | undefined {
  if (format === 'json') return undefined;
  return pretty({
    // Written at once: the last lines before process.exit (a shutdown, a failed start) are kept.
    ...(destination ? { destination } : { sync: true }),
    colorize: colours,
    translateTime: 'SYS:HH:MM:ss',
    // Every line is this process's: its pid and host say nothing to the person reading.
    ignore: 'pid,hostname',
    // A request's fields (at debug) on one line, not ten.
    singleLine: true,
  });
}

export interface BannerFacts {
  address: string;
  dataDir: string;
  databaseUrl: string | null;
  /** The demo accounts that exist in this cloud (their passwords may have been changed since). */
  demoUsernames: readonly string[];
}

/** What a person starting the cloud at a terminal needs first, above the log. */
export function banner(facts: BannerFacts): string {
  const users = demoUsers.filter((user) => facts.demoUsernames.includes(user.username));
  const lines = [
    '',
    `  Telemetry Console: ${facts.address}`,
    '',
    ...(users.length > 0
      ? [
          '  Demo users (username / password):',
          ...users.map((user) => `    ${user.username.padEnd(8)} ${user.password}`),
          '',
        ]
      : []),
    facts.databaseUrl === null
      ? `  Data: ${facts.dataDir}`
      : `  Data: PostgreSQL (DATABASE_URL); keys in ${facts.dataDir}`,
    '  Log below (LOG_LEVEL=debug adds every request; LOG_FORMAT=json for machines).',
    '',
  ];
  return lines.join('\n');
}
