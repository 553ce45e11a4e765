import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../store/sqlite/database.ts';
import { testEngine } from '../test/test-store.ts';
import { admin, GatewayLoad, waitFor } from './fault-load.ts';
import { exited, SqliteCloud } from './sqlite-cloud.ts';

/** What SQLite says of a database file: "ok", or its list of problems. */
function integrity(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/**
 * SQLite (issue 17): the cloud SIGKILLed while a gateway delivers, and while a backup is being
 * taken. After each, the database passes SQLite's integrity check and holds every acknowledged
 * message, and a backup that completed does too.
 */
describe.skipIf(testEngine() !== 'sqlite')('SQLite through SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-sqlite-'));
  const cloud = new SqliteCloud(dataDir);
  const { env } = cloud;
  const start = async () => expect(await cloud.start()).toBe(true);
  const storedTs = () => {
    const db = new DatabaseSync(join(dataDir, SQLITE_FILE), { readOnly: true });
    try {
      const rows = db
        .prepare(
          `SELECT r.ts FROM readings r JOIN channels c ON c.id = r.node_id
           WHERE c.reference = 'VAN-SQ'`,
        )
        .all() as { ts: number }[];
      return new Set(rows.map((row) => row.ts));
    } finally {
      db.close();
    }
  };

  afterAll(async () => {
    await cloud.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged message and stays intact when killed during ingestion and backup', async () => {
    await start();
    const made = await fetch(`${cloud.url}/v1/gateways/GW-SQ`, {
      method: 'POST',
      headers: { authorization: admin },
    });
    const { key } = (await made.json()) as { key: string };
    await fetch(`${cloud.url}/v1/nodes/VAN-SQ?name=VAN-SQ`, {
      method: 'POST',
      headers: { authorization: admin },
    });
    const credentials = `Basic ${Buffer.from(`GW-SQ:${key}`).toString('base64')}`;
    const acknowledged: number[] = [];
    let nextTs = Date.now() - 3_000_000;

    for (const during of ['ingestion', 'ingestion', 'backup'] as const) {
      const gateway = new GatewayLoad(cloud.url, credentials, ['VAN-SQ'], nextTs);
      nextTs += 200_000;
      gateway.start();
      await waitFor(() => (gateway.acknowledged.get('VAN-SQ')?.length ?? 0) >= 50, 30_000);
      let backup: ChildProcess | undefined;
      const folder = join(dataDir, `backup-${acknowledged.length}`);
      if (during === 'backup') {
        backup = spawn(process.execPath, ['scripts/backup.ts', 'backup', folder], {
          stdio: 'ignore',
          env: { ...env, DATA_DIR: dataDir },
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cloud.kill();
      // The gateway gets no answer now and keeps its batch; stop it once it has noticed.
      await gateway.stop().catch(() => undefined);
      acknowledged.push(...(gateway.acknowledged.get('VAN-SQ') ?? []));
      expect(integrity(join(dataDir, SQLITE_FILE))).toBe('ok');
      const stored = storedTs();
      expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);
      if (backup) {
        await exited(backup);
        expect(backup.exitCode).toBe(0);
        expect(integrity(join(folder, SQLITE_FILE))).toBe('ok');
      }
      await start();
    }
  }, 900_000);
});
