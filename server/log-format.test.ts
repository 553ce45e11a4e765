import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { banner, chooseLogFormat, logStreamFor } from './log-format.ts';

describe('the log’s format (issue 34, item 7)', () => {
  it('is readable at a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('', true)).toBe('pretty');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(() => chooseLogFormat('text', true)).toThrow('LOG_FORMAT must be "json" or "pretty"');
  });

  it('leaves JSON to pino and writes a warning as words for a person', async () => {
    expect(logStreamFor('json', true)).toBeUndefined();
    const terminal = new PassThrough();
    const stream = logStreamFor('pretty', false, terminal);
    if (!stream) throw new Error('no stream');
    const out: string[] = [];
    const done = new Promise<void>((resolve) => {
      terminal.on('data', (chunk: Buffer) => {
        out.push(chunk.toString('utf8'));
        resolve();
      });
    });
    const line = { level: 40, time: Date.now(), pid: 1, hostname: 'h', msg: 'push is failing' };
    stream.write(`${JSON.stringify(line)}\n`);
    await done;
    const text = out.join('');
    expect(text).toMatch(/WARN.*push is failing/);
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('hostname');
  });

  it('puts the address, the demo users and where the data lives in the banner', () => {
    const text = banner({
      address: 'http://localhost:8080',
      dataDir: '/srv/telemetry/.data',
      databaseUrl: null,
      demoUsernames: ['admin', 'fleet'],
    });
    expect(text).toContain('Telemetry Console: http://localhost:8080');
    expect(text).toMatch(/admin\s+demo-admin/);
    expect(text).toMatch(/fleet\s+demo-fleet/);
    expect(text).not.toContain('support');
    expect(text).toContain('Data: /srv/telemetry/.data');
    const onPostgres = banner({
      address: 'http://localhost:8080',
      dataDir: '/d',
      databaseUrl: 'postgres://u:secret@db/telemetry',
      demoUsernames: [],
    });
    expect(onPostgres).toContain('Data: PostgreSQL');
    // The address of the database holds its password: never printed.
    expect(onPostgres).not.toContain('secret');
    expect(onPostgres).not.toContain('Demo users');
  });
});

describe('request logs (issue 34, item 7)', () => {
  it('are one debug line per request: none at the default level, one with LOG_LEVEL=debug', async () => {
    const { createTestCloud } = await import('./test/harness.ts');
    for (const [logLevel, expected] of [
      ['info', 0],
      ['debug', 1],
    ] as const) {
      const cloud = await createTestCloud({ logLevel });
      try {
        expect((await cloud.call('GET', '/v1/userinfo', { as: 'fleet' })).status).toBe(200);
        const lines = cloud.logs.join('').split('\n');
        const requests = lines.filter((line) => line.includes('"url":"/v1/userinfo"'));
        expect(requests, logLevel).toHaveLength(expected);
        if (expected) expect(requests[0]).toMatch(/"level":20.*"statusCode":200.*"responseTime"/);
      } finally {
        await cloud.close();
      }
    }
  });
});
