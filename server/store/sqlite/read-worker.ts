import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { latestOf } from './latest-positions.ts';
import { nodeLatestJson } from '../positions.ts';
import { scopesOf, toColumns, type ReadAnswer, type ReadJob } from './read-jobs.ts';

/**
 * A read worker (read-workers.ts): its own read-only connection to the cloud's SQLite file, in
 * WAL mode, so its reads see every transaction committed before the job arrived and never wait
 * for the main connection's writes. Jobs run one at a time, each in a read transaction of its
 * own that ends before the answer goes back: nothing holds a snapshot between jobs.
 */
const STATEMENTS_KEPT = 200;
const { file } = workerData as { file: string };
const port = parentPort;
if (port === null) throw new Error('read-worker.ts runs as a worker thread');

const db = new DatabaseSync(file, { readOnly: true });
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA cache_size = -16384');
db.exec('PRAGMA temp_store = MEMORY');

const statements = new Map<string, StatementSync>();
function prepare(sql: string): StatementSync {
  let statement = statements.get(sql);
  if (statement === undefined) {
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

function run(job: ReadJob): unknown {
  if (job.kind === 'rows') {
    const statement = prepare(job.sql);
    statement.setReturnArrays(true);
    const rows = (Array.isArray(job.parameters)
      ? statement.all(...job.parameters)
      : statement.all(job.parameters)) as unknown as unknown[][];
    return toColumns(
      statement.columns().map((column) => column.name),
      rows,
    );
  }
  // Thousands of seeks: one snapshot for all of them, as on the main connection.
  db.exec('BEGIN');
  try {
    const nodes = latestOf(prepare, scopesOf(job.scopes), job.from, job.to);
    return nodes.map(nodeLatestJson).join(',');
  } finally {
    db.exec('COMMIT');
  }
}

port.on('message', (message: { id: number; job: ReadJob }) => {
  let answer: ReadAnswer;
  try {
    answer = { id: message.id, ok: true, value: run(message.job) };
  } catch (error) {
    answer = { id: message.id, ok: false, message: (error as Error).message };
  } finally {
    // A job never leaves a read transaction open: it would pin an old snapshot for the next.
    if (db.isTransaction) db.exec('ROLLBACK');
  }
  port.postMessage(answer);
});
