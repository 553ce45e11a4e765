import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqlite } from './database.ts';
import { migrations as files } from '../sql/migrations.ts';

const openDatabase = (dataDir: string) => openSqlite(dataDir).raw;

const userVersion = (db: DatabaseSync) =>
  (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
const schemaOf = (db: DatabaseSync) =>
  db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();

describe('a SQLite file', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'telemetry-storage-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs in WAL mode; a memory database needs none', () => {
    const db = openDatabase(dataDir);
    try {
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    } finally {
      db.close();
    }
    const memory = openDatabase(':memory:');
    expect(memory.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'memory' });
    memory.close();
  });
});

const migrations = files('sqlite');

describe('migrations', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'telemetry-migrations-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = () => join(dataDir, 'telemetry.sqlite');

  it('bring a new database to the latest version, and run once', () => {
    const db = openDatabase(dataDir);
    expect(userVersion(db)).toBe(migrations.length);
    const schema = schemaOf(db);
    db.prepare("INSERT INTO tenants (name) VALUES ('kept')").run();
    db.close();

    // Reopening runs nothing again (a second CREATE TABLE would throw) and keeps the data.
    const again = openDatabase(dataDir);
    expect(userVersion(again)).toBe(migrations.length);
    expect(schemaOf(again)).toEqual(schema);
    expect(again.prepare('SELECT name FROM tenants').all()).toEqual([{ name: 'kept' }]);
    again.close();
  });

  it('bring an older database up to date, keeping its data', () => {
    rmSync(file(), { force: true });
    const old = new DatabaseSync(file());
    old.exec(migrations[0]?.sql ?? '');
    old.exec('PRAGMA user_version = 1');
    old.prepare("INSERT INTO tenants (name) VALUES ('from-v1')").run();
    old.close();

    const db = openDatabase(dataDir);
    expect(userVersion(db)).toBe(migrations.length);
    expect(db.prepare('SELECT name FROM tenants').all()).toEqual([{ name: 'from-v1' }]);
    db.close();
  });

  it('refuse a database from a newer version and leave it as it is', () => {
    const newer = new DatabaseSync(file());
    newer.exec(`PRAGMA user_version = ${migrations.length + 1}`);
    const schema = schemaOf(newer);
    newer.close();

    expect(() => openDatabase(dataDir)).toThrow(/newer/);

    const after = new DatabaseSync(file());
    expect(userVersion(after)).toBe(migrations.length + 1);
    expect(schemaOf(after)).toEqual(schema);
    after.close();
  });
});
