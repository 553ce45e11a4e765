import { describe, expect, it } from 'vitest';
import { openSqlite } from './database.ts';
import { SqliteStore } from './store.ts';

describe('history queries', () => {
  it('read the index: no full scan and no sort in a temporary b-tree', async () => {
    const db = openSqlite(':memory:');
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    };
    const store = new SqliteStore(db);
    // What a history request reads: the range, then the names of what it holds.
    await store.readings.range(1, 0, Date.now(), 10_000);
    await store.channels.namesOf([1, 2]);
    const reads = prepared.filter((sql) => /\bSELECT\b/i.test(sql));
    expect(reads.length).toBe(2);
    for (const sql of reads) {
      const plan = (db.raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map(
        (row) => row.detail,
      );
      for (const step of plan) {
        expect(step, `${sql}\n${plan.join('\n')}`).not.toMatch(/^SCAN /);
        expect(step, `${sql}\n${plan.join('\n')}`).not.toMatch(/TEMP B-TREE/);
      }
    }
    db.close();
  });
});
