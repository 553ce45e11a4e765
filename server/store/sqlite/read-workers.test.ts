import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewChannel } from '../channels.ts';
import type { NodeScope } from '../positions.ts';
import { openSqliteStore, type SqliteStore } from './store.ts';
import { ReadWorkerGone } from './read-workers.ts';
import type { ReadJob } from './read-jobs.ts';

/**
 * SQLite's slow reads on worker threads (docs/decisions/0106-sqlite-reads-on-workers.md): they
 * answer what the main connection would, see every write committed before they were asked, never
 * hold a snapshot between jobs, and a worker that dies answers its jobs with an error and is
 * replaced.
 */
let dir: string;
let store: SqliteStore;
let plain: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'read-workers-'));
  store = openSqliteStore(dir, 2);
  // The same file without workers: what the event loop would have answered.
  plain = openSqliteStore(dir, 0);
});

afterEach(async () => {
  await store.close();
  await plain.close();
  rmSync(dir, { recursive: true, force: true });
});

let serial = 0;
function node(owner: number, name?: string): NewChannel {
  serial++;
  return {
    type: 'NODE',
    name: name ?? `Van ${serial}`,
    tenant: 'demo',
    ownerId: owner,
    reference: `SER-${serial}`,
    now: 0,
  };
}

async function user(name: string): Promise<number> {
  const input = { username: name, name, email: '', tenant: 'demo', passwordHash: null, now: 0 };
  return (await store.users.create(input)).id;
}

/** Waits, bounded, until `check` holds. */
async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SQLite read workers', () => {
  it('answer the listing, positions and history as the main connection does', async () => {
    const owner = await user('owner');
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await store.channels.create(node(owner)));
    const [first] = made;
    if (first === undefined) throw new Error('no node');
    const [sensor] = await store.channels.ensureSensors([
      {
        type: 'SENSOR',
        name: 'gps',
        nodeId: first.id,
        sensorName: 'gps',
        valueType: 'GPS',
        tenant: 'demo',
        ownerId: owner,
        now: 0,
      },
    ]);
    if (sensor === undefined) throw new Error('no sensor');
    await store.readings.store(
      [1_000, 2_000, 3_000].map((ts) => ({
        sensorId: sensor.id,
        nodeId: first.id,
        gatewayId: first.id,
        ts,
        type: 'GPS',
        value: JSON.stringify({ lat: 52, lon: ts / 1000 }),
        channelIds: [sensor.id, first.id],
      })),
    );

    expect(await store.channels.listReachable(owner)).toEqual(
      await plain.channels.listReachable(owner),
    );
    expect(await store.positions.reachableNodes(owner)).toEqual(
      await plain.positions.reachableNodes(owner),
    );
    const scopes: NodeScope[] = made.map((n) => ({ id: n.id, uuid: n.uuid, name: n.name, all: 0 }));
    scopes.push({
      id: first.id,
      uuid: first.uuid,
      name: 'by one sensor',
      only: new Map([[sensor.id, 2_500]]),
    });
    const text = await store.positions.latestJson(scopes, 0, 10_000);
    expect(text).toBe(await plain.positions.latestJson(scopes, 0, 10_000));
    expect(JSON.parse(`[${text}]`)).toHaveLength(2);
    expect(await store.readings.range(first.id, 0, 10_000, 2)).toEqual(
      await plain.readings.range(first.id, 0, 10_000, 2),
    );
    expect((await store.readings.range(first.id, 0, 10_000, 2)).map((row) => row[2])).toEqual([
      3_000, 2_000,
    ]);
  });

  it('see every write committed before they were asked, and none that is not', async () => {
    const owner = await user('writer');
    for (let i = 0; i < 40; i++) {
      const made = await store.channels.create(node(owner));
      const listed = await store.channels.listReachable(owner);
      expect(listed.map((row) => row.uuid)).toContain(made.uuid);
    }
    // A read from outside an open transaction neither waits for it nor sees its writes…
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: string | undefined;
    const transaction = store.transaction(async (tx) => {
      const made = await tx.channels.create(node(owner, 'Uncommitted van'));
      inside = made.uuid;
      // …while the transaction's own reads, on the main connection, do.
      expect((await tx.channels.listReachable(owner)).map((row) => row.uuid)).toContain(made.uuid);
      await held;
    });
    await until(() => inside !== undefined);
    const during = await store.channels.listReachable(owner);
    expect(during.map((row) => row.name)).not.toContain('Uncommitted van');
    release();
    await transaction;
    const after = await store.channels.listReachable(owner);
    expect(after.map((row) => row.uuid)).toContain(inside);
  });

  it('refuse the outer store inside a transaction’s work, whose writes they would miss', async () => {
    const owner = await user('beside');
    await expect(
      store.transaction(async (tx) => {
        await tx.channels.create(node(owner));
        await store.channels.listReachable(owner);
      }),
    ).rejects.toThrow(/beside its transaction/);
    expect(await store.channels.listReachable(owner)).toEqual([]);
  });

  it('keep no read transaction open between jobs: a checkpoint can take the whole log', async () => {
    const owner = await user('checkpoint');
    for (let i = 0; i < 20; i++) await store.channels.create(node(owner));
    const nodes = await store.positions.reachableNodes(owner);
    await store.positions.latestJson(
      nodes.map((n) => ({ ...n, all: 0 })),
      0,
      1,
    );
    await store.channels.listReachable(owner);
    await store.channels.create(node(owner));
    // TRUNCATE needs every reader to have let go of the log; busy_timeout bounds the wait.
    store.db.raw.exec('PRAGMA busy_timeout = 100');
    const result = store.db.raw.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as {
      busy: number;
    };
    expect(result.busy).toBe(0);
  });

  it('answer the jobs of a worker that died with an error, and replace it', async () => {
    const readers = store.db.readers;
    if (readers === undefined) throw new Error('no read workers');
    const before = readers.threadIds;
    expect(before).toHaveLength(2);
    // A read that takes a while, so that it is still running when its worker ends.
    const slow: ReadJob = {
      kind: 'rows',
      sql: `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000)
            SELECT count(*) AS n FROM c`,
      parameters: [],
    };
    const answers = [readers.run(slow), readers.run(slow)].map((read) =>
      read.then(
        () => 'answered',
        (error: unknown) => error,
      ),
    );
    await Promise.all(before.map((threadId) => readers.end(threadId)));
    for (const answer of await Promise.all(answers)) {
      expect(answer).toBeInstanceOf(ReadWorkerGone);
      expect((answer as ReadWorkerGone).code).toBe('08006');
    }
    await until(() => readers.threadIds.length === 2 && readers.available);
    expect(readers.threadIds.some((id) => before.includes(id))).toBe(false);
    const owner = await user('after-crash');
    const made = await store.channels.create(node(owner));
    expect((await store.channels.listReachable(owner)).map((row) => row.uuid)).toEqual([made.uuid]);
  });

  it('are gone once the store is closed', async () => {
    const readers = store.db.readers;
    if (readers === undefined) throw new Error('no read workers');
    expect(readers.threadIds).toHaveLength(2);
    await store.close();
    expect(readers.available).toBe(false);
    expect(readers.threadIds).toEqual([]);
    await expect(store.channels.listReachable(1)).rejects.toThrow();
  });
});
