import pg from 'pg';

/** What PostgreSQL's busy backends were doing on average while `work` ran. */
export interface Waits {
  /** Running a statement. */
  active: number;
  /** Waiting for a lock another transaction holds (ingestion: the event log's counter row). */
  lock: number;
  /** Waiting for the cloud to send its next statement (round trips, a busy or starved client). */
  client: number;
}

/**
 * Samples pg_stat_activity every few milliseconds while `work` runs: where ingestion's
 * transactions spend their time, which tells a serialising lock from a client that is slow to
 * send the next statement.
 */
export async function sampleWaits<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; waits: Waits }> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const sums: Waits = { active: 0, lock: 0, client: 0 };
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await probe.query<{ active: number; lock: number; client: number }>(
        `SELECT count(*) FILTER (WHERE wait_event_type IS NULL)::int AS active,
                count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS lock,
                count(*) FILTER (WHERE wait_event = 'ClientRead')::int AS client
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
      );
      const row = rows[0];
      if (row) {
        sums.active += row.active;
        sums.lock += row.lock;
        sums.client += row.client;
        samples++;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    const result = await work();
    return {
      result,
      waits: {
        active: sums.active / Math.max(1, samples),
        lock: sums.lock / Math.max(1, samples),
        client: sums.client / Math.max(1, samples),
      },
    };
  } finally {
    sampling = false;
    await sampler;
    await probe.end();
  }
}
