import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SCRYPT } from '../auth/passwords.ts';
import { seedDemoAccounts } from '../sim/demo-accounts.ts';
import { openTestStore, type TestStore } from '../test/test-store.ts';
import type { Channel } from './channels.ts';
import type { Store } from './store.ts';

const T = Date.UTC(2026, 10, 20);
/** A permission set that names groups: whoever holds it reaches them and their members. */
const ROLE = 'reaching-test';

/** One change of reach; indices pick among the users and channels that exist (modulo). */
type Op =
  | { kind: 'node' | 'group'; owner: number | null }
  | { kind: 'sensor'; node: number; name: 'temp' | 'gps' }
  | { kind: 'grant'; user: number; channel: number }
  | { kind: 'add' | 'remove'; group: number; member: number }
  | { kind: 'decommission'; node: number }
  | { kind: 'role-groups'; group: number }
  | { kind: 'give-role' | 'take-role'; user: number };

const n = fc.nat(20);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('node' as const, 'group' as const), owner: fc.option(n) }),
  fc.record({
    kind: fc.constant('sensor' as const),
    node: n,
    name: fc.constantFrom('temp', 'gps'),
  }),
  fc.record({ kind: fc.constant('grant' as const), user: n, channel: n }),
  fc.record({ kind: fc.constantFrom('add' as const, 'remove' as const), group: n, member: n }),
  fc.record({ kind: fc.constant('decommission' as const), node: n }),
  fc.record({ kind: fc.constant('role-groups' as const), group: n }),
  fc.record({ kind: fc.constantFrom('give-role' as const, 'take-role' as const), user: n }),
);

const pick = <T>(items: readonly T[], at: number): T | undefined => items[at % items.length];

/**
 * Who reaches a channel, set-wise (`people.reaching`, what GET /v1/channels/{uuid}/reach counts,
 * docs/decisions/0103), must be exactly the users for whom `channels.isReachable` (what every
 * request checks) says yes: over a seeded random sequence of ownership, grants, group
 * memberships, decommissioning and permission sets naming groups, checked after every change.
 */
describe('people.reaching', () => {
  let dir: string;
  let test: TestStore;
  let store: Store;
  let users: number[];
  const channels: Channel[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'telemetry-reaching-'));
    test = await openTestStore(dir);
    store = test.store;
    const ids = await seedDemoAccounts(store.users, T, TEST_SCRYPT);
    users = [ids.admin, ids.fleet, ids.support, ids.acme];
    for (let i = 0; i < 3; i++) {
      const user = await store.users.create({
        username: `person-${i}`,
        name: `Person ${i}`,
        email: `person-${i}@example.com`,
        tenant: 'acme',
        passwordHash: null,
        now: T,
      });
      users.push(user.id);
    }
    await store.users.definePermissionSet(ROLE, 'Reaches the groups it names', []);
  });

  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fresh = async () => {
    for (const [at, channel] of channels.entries()) {
      const now = await store.channels.findById(channel.id);
      if (now) channels[at] = now;
    }
  };

  async function apply(change: Op, serial: number): Promise<void> {
    const nodes = channels.filter((c) => c.type === 'NODE');
    const groups = channels.filter((c) => c.type === 'GROUP');
    const members = channels.filter((c) => c.type !== 'GROUP');
    switch (change.kind) {
      case 'node':
      case 'group': {
        const created = await store.channels.create({
          type: change.kind === 'node' ? 'NODE' : 'GROUP',
          name: `${change.kind} ${serial}`,
          tenant: 'acme',
          ownerId: change.owner === null ? null : (pick(users, change.owner) ?? null),
          now: T,
          ...(change.kind === 'node' ? { reference: `S-${serial}` } : {}),
        });
        channels.push(created);
        return;
      }
      case 'sensor': {
        const node = pick(nodes, change.node);
        if (!node?.active) return;
        const made = await store.channels.ensureSensors([
          {
            type: 'SENSOR',
            name: `${node.name} ${change.name}`,
            tenant: node.tenant,
            ownerId: null,
            now: T,
            nodeId: node.id,
            sensorName: change.name,
            valueType: change.name === 'temp' ? 'TEMPERATURE' : 'GPS',
          },
        ]);
        for (const sensor of made) {
          if (!channels.some((c) => c.id === sensor.id)) channels.push(sensor);
        }
        return;
      }
      case 'grant': {
        const channel = pick(channels, change.channel);
        const user = pick(users, change.user);
        if (channel && user !== undefined) await store.channels.grantAccess(user, channel.id);
        return;
      }
      case 'add':
      case 'remove': {
        const group = pick(groups, change.group);
        const member = pick(members, change.member);
        if (!group || !member) return;
        if (change.kind === 'add') await store.groups.addMember(group.id, member.id, T);
        else await store.groups.removeMember(group.id, member.id);
        return;
      }
      case 'decommission': {
        const node = pick(nodes, change.node);
        if (node?.active) await store.channels.decommission(node.id);
        return;
      }
      case 'role-groups': {
        const group = pick(groups, change.group);
        await store.permissionSetGroups.setGroups(ROLE, group ? [group.id] : []);
        return;
      }
      case 'give-role':
      case 'take-role': {
        const user = pick(users, change.user) ?? 0;
        if (change.kind === 'give-role') await store.users.addPermissionSets(user, [ROLE]);
        else await store.users.removePermissionSets(user, [ROLE]);
      }
    }
  }

  it('names exactly the users each channel is reachable by, after every change', async () => {
    const changes = fc.sample(op, { seed: 103, numRuns: 80 });
    let checked = 0;
    let reached = 0;
    for (const [serial, change] of changes.entries()) {
      await apply(change, serial);
      await fresh();
      for (const channel of channels) {
        const reaching = await store.people.reaching(channel);
        const oneByOne = new Set<number>();
        for (const user of users) {
          if (await store.channels.isReachable(user, channel)) oneByOne.add(user);
        }
        expect([...reaching].sort(), `${channel.name} after #${serial} ${change.kind}`).toEqual(
          [...oneByOne].sort(),
        );
        checked++;
        reached += oneByOne.size;
      }
    }
    // The sequence made worlds where reach is neither nobody nor everybody.
    expect(checked).toBeGreaterThan(500);
    expect(reached).toBeGreaterThan(checked / 2);
    expect(reached).toBeLessThan(checked * users.length);
  });
});
