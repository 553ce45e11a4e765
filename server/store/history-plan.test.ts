import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db.ts';
import { HistoryStore } from './history.ts';

/** The statements a store prepares, recorded through a database that passes everything on. */
function recordPrepared(db: Db): { db: Db; prepared: string[] } {
  const prepared: string[] = [];
  const recording = new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: recording, prepared };
}

describe('history queries', () => {
  it('read the index: no full scan and no sort in a temporary b-tree', () => {
    const db = openDatabase(':memory:');
    const { db: recording, prepared } = recordPrepared(db);
    new HistoryStore(recording);
    const reads = prepared.filter((sql) => /\bSELECT\b/i.test(sql));
    expect(reads.length).toBeGreaterThan(0);
    for (const sql of reads) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map(
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
