import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestCloud, T0 } from '../../test/harness.ts';
import { commission, ingest, registerGateway, temp } from '../../test/fixtures.ts';
import { backupSqlite, restoreSqlite } from './backup.ts';

describe('npm run backup / restore (SQLite)', () => {
  const dirs: string[] = [];
  const dir = (name: string) => {
    const made = mkdtempSync(join(tmpdir(), `${name}-`));
    dirs.push(made);
    return made;
  };
  afterAll(() => {
    for (const made of dirs) rmSync(made, { recursive: true, force: true });
  });

  it('copies a running cloud consistently; the copy restored elsewhere answers the same', async () => {
    const dataDir = dir('live');
    const cloud = await createTestCloud({ dataDir });
    const gateway = await registerGateway(cloud);
    const node = await commission(cloud, 'VAN-BAK', { name: 'Van Backup' });
    await ingest(cloud, gateway, [temp('VAN-BAK', T0 - 2_000, 3), temp('VAN-BAK', T0 - 1_000, 4)]);
    const history = (await cloud.call('GET', `/v1/channels/${node.uuid}/history`)).json;

    const folder = join(dir('backup'), 'copy');
    await backupSqlite(dataDir, folder); // while the cloud runs
    await ingest(cloud, gateway, [temp('VAN-BAK', T0, 5)]); // after the backup: not in it
    await cloud.close();
    expect(readdirSync(folder)).toContain('telemetry.sqlite');
    await expect(backupSqlite(dataDir, folder)).rejects.toThrow(/already holds a backup/);

    expect(readdirSync(folder)).not.toContain('secrets.key'); // backups hold sealed secrets only
    const restored = dir('restored');
    restoreSqlite(folder, restored);
    // Without the key that sealed its secrets, the copy refuses to start and says which key.
    await expect(createTestCloud({ dataDir: restored })).rejects.toThrow(/cannot unseal/);
    copyFileSync(join(dataDir, 'secrets.key'), join(restored, 'secrets.key')); // kept apart
    const again = await createTestCloud({ dataDir: restored });
    try {
      expect((await again.call('GET', `/v1/channels/${node.uuid}/history`)).json).toEqual(history);
    } finally {
      await again.close();
    }
    // Restoring over a database keeps the one that was there.
    restoreSqlite(folder, restored, 1234);
    expect(readdirSync(restored)).toContain('telemetry.sqlite.before-restore-1234');
  });
});
