import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from './store.ts';

describe('SQLite transactions behind the asynchronous store', () => {
  let store: SqliteStore;
  beforeEach(() => {
    store = openSqliteStore(':memory:');
  });
  afterEach(() => store.close());

  const tenants = () =>
    (
      store.db.raw.prepare('SELECT name FROM tenants ORDER BY name').all() as { name: string }[]
    ).map((row) => row.name);

  it('keeps another caller’s write out of a transaction that rolls back', async () => {
    let inside: () => void = () => {};
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = store.transaction(async (tx) => {
      await tx.users.ensureTenant('rolled-back');
      inside();
      await held;
      throw new Error('changed my mind');
    });
    await opened;
    // Another request writes while the transaction is open: it waits, and lands after it.
    const other = store.users.ensureTenant('kept');
    await new Promise((resolve) => setImmediate(resolve));
    expect(tenants()).toEqual(['rolled-back']);
    release();
    await expect(failing).rejects.toThrow('changed my mind');
    await other;
    expect(tenants()).toEqual(['kept']);
  });

  it('commits what the work did, all of it', async () => {
    await store.transaction(async (tx) => {
      await tx.users.ensureTenant('a');
      await tx.transaction(async (inner) => inner.users.ensureTenant('b'));
    });
    expect(tenants()).toEqual(['a', 'b']);
  });

  it('refuses the outer store inside the work, which would wait for itself', async () => {
    await expect(
      store.transaction(async () => {
        await store.users.ensureTenant('never');
      }),
    ).rejects.toThrow(/beside its transaction/);
    expect(tenants()).toEqual([]);
  });
});
