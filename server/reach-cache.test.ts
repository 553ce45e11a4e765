import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChannelType } from '../contract/channel.ts';
import { openSqliteStore } from './store/sqlite/store.ts';
import type { Channel } from './store/channels.ts';
import type { Store } from './store/store.ts';
import type { Grant } from './store/users.ts';
import { seedDemoAccounts } from './sim/demo-accounts.ts';
import { TEST_SCRYPT } from './auth/passwords.ts';
import { ReachCache, watchStore } from './reach-cache.ts';

const T = Date.UTC(2026, 10, 20);
const TYPES: (ChannelType | undefined)[] = [undefined, 'NODE', 'SENSOR', 'GROUP'];

/** One change made through the watched store; indices pick among what exists (modulo). */
type Op =
  | { kind: 'node' | 'group'; user: number }
  | { kind: 'grant'; user: number; channel: number }
  | { kind: 'add' | 'remove' | 'add-in-tx' | 'add-rolled-back'; group: number; member: number }
  | { kind: 'remove-all' | 'decommission'; channel: number }
  | { kind: 'sensor'; channel: number; sensor: 'temp' | 'gps' }
  | { kind: 'properties' | 'push'; channel: number; clear: boolean }
  | { kind: 'role-groups'; channel: number; clear: boolean }
  | { kind: 'give-role' | 'take-role'; user: number }
  | { kind: 'role-grants'; grants: number }
  | { kind: 'profile' | 'password'; user: number };

/** What the test's permission set may grant: `role-grants` picks a subset (a bit each). */
const ROLE_GRANTS: Grant[] = [
  { tenant: 'acme', objectType: 'assets', operation: 'READ' },
  { tenant: 'acme', objectType: 'groups', operation: 'UPDATE' },
  { tenant: 'demo', objectType: 'assets.history', operation: 'READ' },
];

// Few channels, so that changes often meet: a member removed from the group it was added to.
const index = fc.nat(3);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('node' as const, 'group' as const), user: fc.nat(1) }),
  fc.record({ kind: fc.constant('grant' as const), user: fc.nat(1), channel: index }),
  fc.record({
    kind: fc.constantFrom(
      'add' as const,
      'remove' as const,
      'add-in-tx' as const,
      'add-rolled-back' as const,
    ),
    group: index,
    member: index,
  }),
  fc.record({
    kind: fc.constantFrom('remove-all' as const, 'decommission' as const),
    channel: index,
  }),
  fc.record({
    kind: fc.constant('sensor' as const),
    channel: index,
    sensor: fc.constantFrom('temp' as const, 'gps' as const),
  }),
  fc.record({
    kind: fc.constantFrom('properties' as const, 'push' as const),
    channel: index,
    clear: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('role-groups' as const), channel: index, clear: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('give-role' as const, 'take-role' as const), user: fc.nat(1) }),
  fc.record({ kind: fc.constant('role-grants' as const), grants: fc.nat(7) }),
  fc.record({ kind: fc.constantFrom('profile' as const, 'password' as const), user: fc.nat(1) }),
);

/** A permission set that names groups: whoever holds it reaches them. */
const ROLE = 'reach-test';

class RolledBack extends Error {}

async function all(store: Store, type: ChannelType): Promise<Channel[]> {
  const found: Channel[] = [];
  for (let id = 1; id < 200; id++) {
    const channel = await store.channels.findById(id);
    if (channel?.type === type) found.push(channel);
  }
  return found;
}

const grantSet = (grants: readonly Grant[] = []) =>
  new Set(grants.map((g) => `${g.tenant}:${g.objectType}:${g.operation}`));

const pick = <T>(items: readonly T[], at: number): T | undefined =>
  items.length === 0 ? undefined : items[at % items.length];

/** Makes `change` through `store` (the watched one), as the routes and ingestion do. */
async function apply(store: Store, users: number[], change: Op, serial: number): Promise<void> {
  const nodes = await all(store, 'NODE');
  const groups = await all(store, 'GROUP');
  const members = [...nodes, ...(await all(store, 'SENSOR'))];
  const anyChannel = [...members, ...groups];
  const user = 'user' in change ? (users[change.user] ?? 0) : 0;
  switch (change.kind) {
    case 'node':
    case 'group':
      await store.channels.create({
        type: change.kind === 'node' ? 'NODE' : 'GROUP',
        name: `${change.kind} ${serial}`,
        tenant: 'acme',
        ownerId: user,
        now: T,
        ...(change.kind === 'node' ? { reference: `S-${serial}` } : {}),
      });
      return;
    case 'grant': {
      const channel = pick(anyChannel, change.channel);
      if (channel) await store.channels.grantAccess(user, channel.id);
      return;
    }
    case 'add':
    case 'remove':
    case 'add-in-tx':
    case 'add-rolled-back': {
      const group = pick(groups, change.group);
      const member = pick(members, change.member);
      if (!group || !member) return;
      if (change.kind === 'add') await store.groups.addMember(group.id, member.id, T);
      if (change.kind === 'remove') await store.groups.removeMember(group.id, member.id);
      if (change.kind === 'add-in-tx') {
        await store.transaction((tx) => tx.groups.addMember(group.id, member.id, T));
      }
      if (change.kind === 'add-rolled-back') {
        await store
          .transaction(async (tx) => {
            await tx.groups.addMember(group.id, member.id, T);
            throw new RolledBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
      }
      return;
    }
    case 'remove-all': {
      const group = pick(groups, change.channel);
      if (group) await store.groups.removeAll(group.id);
      return;
    }
    case 'decommission': {
      const node = pick(nodes, change.channel);
      if (node) await store.channels.decommission(node.id);
      return;
    }
    case 'sensor': {
      const node = pick(nodes, change.channel);
      if (!node?.active) return;
      // Inside a transaction, as ingestion ensures its sensors.
      await store.transaction((tx) =>
        tx.channels.ensureSensors([
          {
            type: 'SENSOR',
            name: `${node.name} ${change.sensor}`,
            tenant: node.tenant,
            ownerId: null,
            now: T,
            nodeId: node.id,
            sensorName: change.sensor,
            valueType: change.sensor === 'temp' ? 'TEMPERATURE' : 'GPS',
          },
        ]),
      );
      return;
    }
    case 'properties': {
      const channel = pick(anyChannel, change.channel);
      if (channel) {
        await store.channels.setProperties(channel.id, change.clear ? null : `{"n":${serial}}`);
      }
      return;
    }
    case 'role-groups': {
      const group = pick(groups, change.channel);
      await store.permissionSetGroups.setGroups(ROLE, change.clear || !group ? [] : [group.id]);
      return;
    }
    case 'give-role':
      await store.users.addPermissionSets(user, [ROLE]);
      return;
    case 'take-role':
      await store.users.removePermissionSets(user, [ROLE]);
      return;
    case 'role-grants': {
      const grants = ROLE_GRANTS.filter((_, bit) => (change.grants & (1 << bit)) !== 0);
      await store.users.definePermissionSet(ROLE, 'Reaches the groups it names', grants);
      return;
    }
    case 'profile':
      await store.users.updateProfile(user, { name: `Name ${serial}`, email: `${serial}@x.test` });
      return;
    case 'password':
      await store.users.setPasswordHash(user, `hash-${serial}`);
      return;
    case 'push': {
      const channel = pick(anyChannel, change.channel);
      if (channel) {
        await store.channels.setPush(
          channel.id,
          change.clear
            ? null
            : { url: `https://push.example/${serial}`, interval: 60, secret: 'secret-x' },
        );
      }
    }
  }
}

async function freshStore() {
  const raw = openSqliteStore(':memory:');
  const ids = await seedDemoAccounts(raw.users, T, TEST_SCRYPT);
  const cache = new ReachCache(raw.channels);
  const users = [ids.admin, ids.fleet];
  await raw.users.definePermissionSet(ROLE, 'Reaches the groups it names', []);
  // A node each and a group of admin's to start from, so that short runs already change reach.
  for (const [at, owner] of users.entries()) {
    const base = { tenant: 'acme', ownerId: owner, now: T };
    await raw.channels.create({ type: 'NODE', name: `base ${at}`, reference: `B-${at}`, ...base });
  }
  await raw.channels.create({
    type: 'GROUP',
    name: 'base group',
    tenant: 'acme',
    ownerId: ids.admin,
    now: T,
  });
  return { raw, cache, watched: watchStore(raw, cache), users };
}

describe('the reach cache', () => {
  it('answers what the uncached query answers after every change that alters reach', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const { raw, cache, watched, users } = await freshStore();
        try {
          for (const [serial, change] of ops.entries()) {
            await apply(watched, users, change, serial);
            for (const user of users) {
              // The user a token names, with their grants: kept, and equal to a fresh read.
              const sub = (await raw.users.findById(user))?.sub ?? '';
              await cache.userWithGrants(sub, watched.users);
              const kept = await cache.userWithGrants(sub, watched.users);
              expect(kept?.user).toEqual(await raw.users.findBySub(sub));
              expect(grantSet(kept?.grants)).toEqual(grantSet(await raw.users.grantsOf(user)));
              for (const type of TYPES) {
                // Twice: the second answer comes from the cache when nothing changed.
                await cache.listReachable(user, type);
                expect(await cache.listReachable(user, type)).toEqual(
                  await raw.channels.listReachable(user, type),
                );
                // What is made of reach (a listing's text) is forgotten with it.
                const names = (rows: readonly { name: string }[]) => rows.map((r) => r.name).join();
                expect(await cache.derived(user, type, 'names', names)).toBe(
                  names(await raw.channels.listReachable(user, type)),
                );
              }
            }
          }
        } finally {
          await raw.close();
        }
      }),
      {
        numRuns: 100,
        // Besides the random runs: a member leaves the group it joined (rarely drawn at random).
        examples: [
          [
            [
              { kind: 'add', group: 0, member: 1 },
              { kind: 'remove', group: 0, member: 1 },
            ],
          ],
        ],
      },
    );
  }, 180_000); // 100 random runs of SQLite work: minutes at load 20 on 2 cores, not 20 s

  it('answers from memory until told: a write that bypasses the watched store is not seen', async () => {
    // What makes the property above mean something: the cache does keep answers.
    const { raw, cache, watched, users } = await freshStore();
    const [admin = 0] = users;
    try {
      const node = await watched.channels.create({
        type: 'NODE',
        name: 'Van',
        tenant: 'acme',
        ownerId: admin,
        now: T,
        reference: 'S-1',
      });
      expect((await cache.listReachable(admin, 'NODE')).map((row) => row.name)).toEqual([
        'base 0',
        'Van',
      ]);
      await raw.channels.setProperties(node.id, '{"unseen":true}');
      expect((await cache.listReachable(admin, 'NODE'))[1]?.properties).toBeNull();
      await watched.channels.setProperties(node.id, '{"seen":true}');
      expect((await cache.listReachable(admin, 'NODE'))[1]?.properties).toBe('{"seen":true}');

      // The same for the user a token names and their grants.
      const sub = (await raw.users.findById(admin))?.sub ?? '';
      const granted = (await cache.userWithGrants(sub, watched.users))?.grants.length ?? 0;
      await raw.users.removePermissionSets(admin, ['demo-admin']);
      expect((await cache.userWithGrants(sub, watched.users))?.grants.length).toBe(granted);
      await watched.users.removePermissionSets(admin, ['demo-admin']);
      expect((await cache.userWithGrants(sub, watched.users))?.grants.length).toBeLessThan(granted);
    } finally {
      await raw.close();
    }
  });

  it('keeps no answer read while a change was under way', async () => {
    const { raw, cache, users } = await freshStore();
    const [admin = 0] = users;
    try {
      const reading = cache.listReachable(admin);
      cache.changed();
      await reading;
      await raw.channels.create({
        type: 'GROUP',
        name: 'Late',
        tenant: 'acme',
        ownerId: admin,
        now: T,
      });
      expect((await cache.listReachable(admin)).map((row) => row.name)).toEqual([
        'base 0',
        'base group',
        'Late',
      ]);
    } finally {
      await raw.close();
    }
  });
});
