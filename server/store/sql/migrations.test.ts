import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { series } from './migrations.ts';
import { migrationsFolder, sharedSample } from './shared-migrations.ts';

describe('migrations written once for both engines (docs/decisions/0190)', () => {
  it('follow each engine’s own files, numbered alike from there, one engine’s step empty in the other', () => {
    const folder = migrationsFolder(sharedSample);
    const sqlite = series(folder, 'sqlite');
    const postgres = series(folder, 'postgres');
    expect(sqlite.map((m) => [m.version, m.name])).toEqual([
      [1, '0001-first.sql'],
      [2, '0002-sqlite-own.sql'],
      [3, '0001-notes.sql'],
      [4, '0002-notes-brin.postgres.sql'],
      [5, '0003-notes-seen.sql'],
    ]);
    expect(postgres.map((m) => m.version)).toEqual([1, 2, 3, 4]);
    expect(sqlite[3]?.sql).toBe('-- 0002-notes-brin.postgres.sql: postgres only');
    expect(postgres[2]?.sql).toContain('USING brin');

    // The SQLite series applies as the runner applies it (server/store/sqlite/database.ts).
    const db = new DatabaseSync(':memory:');
    for (const migration of sqlite) db.exec(migration.sql);
    db.exec("INSERT INTO kept VALUES (1, 'a'); INSERT INTO notes VALUES (1, 1, 'b', 7)");
    expect(db.prepare('SELECT seen FROM notes').get()).toEqual({ seen: 7 });
    db.close();
  });

  it('refuse a shared file in one engine’s dialect, a gap, and an unknown engine', () => {
    const dialect = migrationsFolder({
      'shared/0001-ids.sql': 'CREATE TABLE ids (id integer PRIMARY KEY AUTOINCREMENT);',
    });
    expect(() => series(dialect, 'postgres')).toThrow(/AUTOINCREMENT, which only one engine/);
    const cast = migrationsFolder({ 'shared/0001-cast.sql': "UPDATE t SET a = '1'::int;" });
    expect(() => series(cast, 'sqlite')).toThrow(/::/);
    const gap = migrationsFolder({
      'shared/0001-a.sql': 'CREATE TABLE a (id bigint);',
      'shared/0003-c.sql': 'CREATE TABLE c (id bigint);',
    });
    expect(() => series(gap, 'sqlite')).toThrow(/0003-c.sql should be number 2/);
    const engine = migrationsFolder({ 'shared/0001-a.mysql.sql': 'CREATE TABLE a (id bigint);' });
    expect(() => series(engine, 'sqlite')).toThrow(/names no engine/);
  });
});
