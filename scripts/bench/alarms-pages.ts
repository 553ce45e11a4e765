import type { DatabaseSync } from 'node:sqlite';

/**
 * The Alarms page's first page as SQL, ours against the plain query, timed in the cloud's process
 * on its connection (docs/decisions/0136-alarms-first-page.md). The two differ only where that
 * decision changed the query: ours writes the node condition `+a.node_id IN (…)` (SQLite then
 * walks the newest-first index and stops after the page); the plain one (the query before it)
 * lets SQLite take the node index, gather every alarm of every node and sort them all.
 */
const RUNS = 20;
const PAGE = 100;

export interface QueryTiming {
  medianMs: number;
  /** CPU of the cloud's main thread per query, ms: stable under load. */
  cpuMs: number;
  rows: number;
  /** The plan sorts the rows in a temporary B-tree (gathers everything first). */
  sorts: boolean;
}

const pageSql = (nodes: number, ours: boolean) =>
  `SELECT a.*, c.name AS channel_name, n.name AS node_name
     FROM alarms a JOIN channels c ON c.id = a.channel_id JOIN channels n ON n.id = a.node_id
    WHERE a.status <> 'pending'
      AND ${ours ? '+' : ''}a.node_id IN (${Array.from({ length: nodes }, () => '?').join(',')})
    ORDER BY a.raised_at DESC, a.id DESC LIMIT ${PAGE}`;

function time(db: DatabaseSync, nodeIds: readonly number[], ours: boolean): QueryTiming {
  const text = pageSql(nodeIds.length, ours);
  const values = [...nodeIds];
  const statement = db.prepare(text);
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as { detail: string }[];
  let rows = statement.all(...values).length;
  const walls: number[] = [];
  const cpu = process.threadCpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = statement.all(...values).length;
    walls.push(performance.now() - started);
  }
  const used = process.threadCpuUsage(cpu);
  walls.sort((a, b) => a - b);
  return {
    medianMs: walls[Math.floor(RUNS / 2)] ?? NaN,
    cpuMs: (used.user + used.system) / 1000 / RUNS,
    rows,
    sorts: plan.some((step) => /TEMP B-TREE/.test(step.detail)),
  };
}

/** Ours and the plain query for a caller reaching `nodeIds`, the same page each. */
export function firstPages(db: DatabaseSync, nodeIds: readonly number[]) {
  return { ours: time(db, nodeIds, true), plain: time(db, nodeIds, false), runs: RUNS };
}
