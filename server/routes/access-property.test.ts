import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessExplanation, ExplainedOperation } from '../../contract/people.ts';
import { operations, type Operation } from '../../contract/userinfo.ts';
import type { Channel } from '../store/channels.ts';
import type { Grant } from '../store/users.ts';
import { hashPassword, TEST_SCRYPT } from '../auth/passwords.ts';
import type { TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { createUser } from '../test/fixtures.ts';

/**
 * The explainer must agree with what the API really does (issue 23): for generated people, roles,
 * groups and channels, its status for every person × channel × operation is held to the status
 * of the real request that person makes, asked right before it (a DELETE that succeeds changes
 * the world the next cell sees, so each cell is compared in the same state).
 */

const tenants = ['demo', 'acme'] as const;
const objectTypes = ['assets', 'assets.history', 'groups', 'groups.history'] as const;
const ops: Operation[] = ['READ', 'UPDATE', 'DELETE'];

const grantArb = fc.record({
  tenant: fc.constantFrom(...tenants),
  objectType: fc.constantFrom(...objectTypes),
  operation: fc.constantFrom(...ops),
});

const worldArb = fc.record({
  roles: fc.array(
    fc.record({
      grants: fc.uniqueArray(grantArb, {
        maxLength: 10,
        selector: (g) => `${g.tenant}:${g.objectType}:${g.operation}`,
      }),
      groups: fc.uniqueArray(fc.nat(2), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  groups: fc.array(fc.record({ tenant: fc.constantFrom(...tenants), owner: fc.nat(3) }), {
    minLength: 1,
    maxLength: 3,
  }),
  nodes: fc.array(
    fc.record({
      tenant: fc.constantFrom(...tenants),
      owner: fc.nat(3),
      groups: fc.uniqueArray(fc.nat(2), { maxLength: 2 }),
      sensor: fc.boolean(),
      decommissioned: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  people: fc.array(
    fc.record({
      roles: fc.uniqueArray(fc.nat(2), { maxLength: 2 }),
      given: fc.uniqueArray(fc.nat(7), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});
type WorldSpec = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

interface Person {
  username: string;
  password: string;
  id: number;
  sub: string;
}

async function build(cloud: TestCloud, spec: WorldSpec, run: number) {
  const { store } = cloud;
  const now = cloud.clock.now;
  const hash = await hashPassword('pw', TEST_SCRYPT);
  const people: Person[] = [];
  for (const [i] of spec.people.entries()) {
    const user = await store.users.create({
      username: `p${run}-${i}`,
      name: `Person ${run}-${i}`,
      email: `p${run}-${i}@test.local`,
      tenant: 'demo',
      passwordHash: hash,
      now,
    });
    people.push({ username: user.username, password: 'pw', id: user.id, sub: user.sub });
  }
  // Owner index 3 (or past the people) means no owner: admin owns it.
  const ownerOf = (index: number) => people[index]?.id ?? cloud.ids.admin;
  const groups: Channel[] = [];
  for (const [i, g] of spec.groups.entries()) {
    groups.push(
      await store.channels.create({
        type: 'GROUP',
        name: `G${run}-${i}`,
        tenant: g.tenant,
        ownerId: ownerOf(g.owner),
        now,
      }),
    );
  }
  const channels: Channel[] = [...groups];
  for (const [i, n] of spec.nodes.entries()) {
    const node = await store.channels.create({
      type: 'NODE',
      name: `N${run}-${i}`,
      tenant: n.tenant,
      ownerId: ownerOf(n.owner),
      reference: `SER-${run}-${i}`,
      now,
    });
    channels.push(node);
    for (const index of n.groups) {
      const group = groups[index];
      if (group && group.tenant === node.tenant)
        await store.groups.addMember(group.id, node.id, now);
    }
    if (n.sensor) {
      const [sensor] = await store.channels.ensureSensors([
        {
          type: 'SENSOR',
          name: `N${run}-${i}/temp`,
          tenant: n.tenant,
          ownerId: null,
          nodeId: node.id,
          sensorName: 'temp',
          valueType: 'TEMP',
          now,
        },
      ]);
      if (sensor) channels.push(sensor);
    }
    if (n.decommissioned) {
      // Someone given the node keeps it in reach: their DELETE meets 409, already decommissioned.
      const keeper = people[n.owner];
      if (keeper) await store.channels.grantAccess(keeper.id, node.id);
      await store.channels.decommission(node.id);
    }
  }
  for (const [i, role] of spec.roles.entries()) {
    // The first role may always decommission in demo, so DELETE meets 200 and 409 too.
    const extra: Grant[] =
      i === 0 ? [{ tenant: 'demo', objectType: 'assets', operation: 'DELETE' }] : [];
    const grants = [...(role.grants as Grant[]), ...extra].filter(
      (g, at, all) =>
        all.findIndex(
          (o) =>
            o.tenant === g.tenant && o.objectType === g.objectType && o.operation === g.operation,
        ) === at,
    );
    await store.users.definePermissionSet(`r${run}-${i}`, `role ${i}`, grants);
    const ids = role.groups.flatMap((index) => groups[index]?.id ?? []);
    await store.permissionSetGroups.setGroups(`r${run}-${i}`, ids);
  }
  for (const [i, p] of spec.people.entries()) {
    const person = people[i];
    if (!person) continue;
    const names = p.roles.filter((r) => r < spec.roles.length).map((r) => `r${run}-${r}`);
    await store.users.setPermissionSets(person.id, names);
    for (const index of p.given) {
      const channel = channels[index];
      if (channel) await store.channels.grantAccess(person.id, channel.id);
    }
  }
  // Whatever was drawn, one decommissioned node its keeper may decommission: their DELETE
  // meets 409, already decommissioned.
  const keeper = people[0];
  if (keeper) {
    const kept = await store.channels.create({
      type: 'NODE',
      name: `K${run}`,
      tenant: 'demo',
      ownerId: keeper.id,
      reference: `KEPT-${run}`,
      now,
    });
    await store.channels.grantAccess(keeper.id, kept.id);
    await store.channels.decommission(kept.id);
    await store.users.addPermissionSets(keeper.id, [`r${run}-0`]);
    channels.push(kept);
  }
  // Reread: decommissioning changed some.
  const fresh = await Promise.all(channels.map((c) => store.channels.findById(c.id)));
  return { people, channels: fresh.filter((c): c is Channel => c !== undefined) };
}

function realRequest(
  cloud: TestCloud,
  person: Person,
  channel: Channel,
  operation: ExplainedOperation,
) {
  const as = { username: person.username, password: person.password };
  switch (operation) {
    case 'READ':
      return cloud.call('GET', `/v1/channels/${channel.uuid}`, { as });
    case 'READ_HISTORY':
      return cloud.call('GET', `/v1/channels/${channel.uuid}/history`, { as });
    case 'UPDATE':
      return cloud.call('PUT', `/v1/channels/${channel.uuid}/properties`, {
        as,
        query: { properties: '{"checked":true}' },
      });
    case 'DELETE':
      return channel.type === 'GROUP'
        ? cloud.call('DELETE', `/v1/groups/${channel.uuid}`, { as })
        : cloud.call('DELETE', `/v1/nodes/${channel.uuid}`, { as });
  }
}

describe('the access explainer agrees with the API', () => {
  const suite = useCloud(async (cloud) =>
    // Someone who may explain for people and channels of both tenants.
    createUser(cloud, 'explainer', [
      { tenant: 'demo', objectType: 'users', operation: 'READ' },
      { tenant: 'acme', objectType: 'users', operation: 'READ' },
    ]),
  );

  it('for every person, channel and operation of generated worlds', async () => {
    const { cloud, data: explainer } = suite;
    let run = 0;
    let cells = 0;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(worldArb, async (spec) => {
        run += 1;
        const { people, channels } = await build(cloud, spec, run);
        for (const person of people) {
          for (const channel of channels) {
            for (const operation of ['READ', 'READ_HISTORY', 'UPDATE', 'DELETE'] as const) {
              const explained = await cloud.call('GET', `/v1/channels/${channel.uuid}/access`, {
                as: explainer,
                query: { user: person.sub, operation },
              });
              expect(explained.status, explained.text).toBe(200);
              const body = explained.json as AccessExplanation;
              const [verdict] = body.verdicts;
              const real = await realRequest(cloud, person, channel, operation);
              const cell = `${person.username} ${operation} ${channel.name}`;
              expect(verdict?.status, `${cell}: ${real.text}`).toBe(real.status);
              if (verdict?.message !== undefined) {
                expect((real.json as { message: string }).message, cell).toBe(verdict.message);
              }
              // The chain is what reach is made of: a path exactly when it is in reach.
              expect(body.reach.paths.length > 0, cell).toBe(body.reach.reachable);
              if (verdict?.permission) {
                expect(verdict.permission.held, cell).toBe(verdict.permission.heldBy.length > 0);
              }
              cells += 1;
              seen.add(real.status);
            }
          }
        }
      }),
      { numRuns: 8, seed: 23 },
    );
    expect(cells).toBeGreaterThan(100);
    // Worlds where every answer is the same would prove nothing.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 403, 404, 409]));
  }, 240_000);
});

// The operations a grant may carry here are a subset of the interface's: keep them in step.
it('uses only operations the interface knows', () => {
  expect(ops.every((op) => operations.includes(op))).toBe(true);
});
