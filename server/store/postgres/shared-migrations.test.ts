import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { admin } from '../../test/postgres-cluster.ts';
import { series } from '../sql/migrations.ts';
import { migrationsFolder, sharedSample } from '../sql/shared-migrations.ts';

describe('migrations written once, on PostgreSQL (docs/decisions/0190)', () => {
  const name = `s_${randomBytes(6).toString('hex')}`;
  const base = inject('postgresUrl');
  const url = base.replace(/\/[^/]*$/, `/${name}`);
  beforeAll(() => admin(base, `CREATE DATABASE ${name}`));
  afterAll(() => admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('apply the shared series, and the other engine’s empty step, as the runner does', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const folder = migrationsFolder({
        ...sharedSample,
        'shared/0004-sqlite-only.sqlite.sql': 'CREATE INDEX notes_body ON notes (body);',
      });
      for (const migration of series(folder, 'postgres')) {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('COMMIT');
      }
      await client.query(
        "INSERT INTO kept VALUES (1, 'a'); INSERT INTO notes VALUES (1, 1, 'b', 7)",
      );
      const { rows } = await client.query<{ seen: string }>('SELECT seen FROM notes');
      expect(rows.map((row) => Number(row.seen))).toEqual([7]);
    } finally {
      await client.end();
    }
  });
});
