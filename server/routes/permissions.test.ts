import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { Operation } from '../../contract/userinfo.ts';
import type { Grant } from '../store/users.ts';
import {
  T0,
  type Answer,
  type CallOptions,
  type DemoUser,
  type TestCloud,
} from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { expectUnchanged } from '../test/state.ts';
import {
  commission,
  createGroup,
  createUser,
  grantAccess,
  ingest,
  channelOf,
  temp,
} from '../test/fixtures.ts';
import { buildWorld, reachOf, type World } from '../test/world.ts';
import { demoProfiles } from '../test/demo-profiles.ts';
import { bearer, tokenFor } from '../test/tokens.ts';

/**
 * The table of docs/decisions/0001-permissions-and-reach.md, "Permissions and reach", row by row, for each demo user where the
 * row applies, over the world of test/world.ts: fleet reaches North and South with their members,
 * support North only, admin all of demo and (by access to its group) acme's depot, acme only its
 * own.
 */

const MISSING = '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b';
type Who = DemoUser | { username: string; password: string };

/** 403 whose message names the operation, object type and tenant that are missing. */
function expectRefused(answer: Answer, operation: Operation, objectType: string, tenant = 'demo') {
  expectError(answer, 403, `${operation} on ${objectType} in tenant ${tenant}`);
}

/** 404 that says no more than the one for a channel that does not exist. */
async function expectOutOfReach(answer: Answer, uuid: string, missing: () => Promise<Answer>) {
  const message = expectError(answer, 404);
  const other = await missing();
  expect(message.replace(uuid, MISSING)).toBe(expectError(other, 404));
}

interface Extra {
  world: World;
  /** READ on demo assets only, with access to North. */
  assetsReader: { username: string; password: string };
  /** READ on demo groups only, with access to North. */
  groupsReader: { username: string; password: string };
  /** READ on groups, READ and UPDATE on assets in demo, with access to North. */
  assetsUpdater: { username: string; password: string };
  /** READ and UPDATE (no DELETE) on groups, READ on assets in demo, with access to North. */
  groupEditor: { username: string; password: string };
  /** Signed in, with no permission at all. */
  nobody: { username: string; password: string };
}

const grants = (tenant: string, entries: [string, Operation[]][]): Grant[] =>
  entries.flatMap(([objectType, operations]) =>
    operations.map((operation) => ({ tenant, objectType, operation })),
  );

async function setup(cloud: TestCloud): Promise<Extra> {
  const world = await buildWorld(cloud);
  const withNorth = async (username: string, granted: Grant[]) => {
    const user = await createUser(cloud, username, granted);
    await cloud.store.channels.grantAccess(
      user.id,
      (await channelOf(cloud, world.groups.north.uuid)).id,
    );
    return { username: user.username, password: user.password };
  };
  return {
    world,
    assetsReader: await withNorth('assets-reader', grants('demo', [['assets', ['READ']]])),
    groupsReader: await withNorth('groups-reader', grants('demo', [['groups', ['READ']]])),
    assetsUpdater: await withNorth(
      'assets-updater',
      grants('demo', [
        ['assets', ['READ', 'UPDATE']],
        ['groups', ['READ']],
      ]),
    ),
    groupEditor: await withNorth(
      'group-editor',
      grants('demo', [
        ['assets', ['READ']],
        ['groups', ['READ', 'UPDATE']],
      ]),
    ),
    nobody: await withNorth('nobody', []),
  };
}

describe('reach: list channels and channel information (READ on assets or groups)', () => {
  const suite = useCloud(setup);

  it.each(['admin', 'fleet', 'support', 'acme'] as const)(
    '%s lists exactly the channels it reaches',
    async (user) => {
      const { cloud, data } = suite;
      const answer = await cloud.call('GET', '/v1/channels', { as: user });
      expect(answer.status).toBe(200);
      const listed = (answer.json as ChannelRecord[]).map((record) => record.uuid);
      expect(listed.sort()).toEqual(reachOf(data.world)[user].sort());
    },
  );

  it.each(demoProfiles)(
    '$username reaches the same with a bearer token as with Basic',
    async (user) => {
      const { cloud, data } = suite;
      const token = await tokenFor(cloud, user.username, user.password);
      const answer = await cloud.call('GET', '/v1/channels', { as: null, headers: bearer(token) });
      const listed = (answer.json as ChannelRecord[]).map((record) => record.uuid);
      expect(listed.sort()).toEqual(reachOf(data.world)[user.username].sort());
      const west = data.world.nodes.w.node.uuid;
      const info = await cloud.call('GET', `/v1/channels/${west}`, {
        as: null,
        headers: bearer(token),
      });
      expect(info.status).toBe(user.username === 'admin' ? 200 : 404);
    },
  );

  it.each(['admin', 'fleet', 'support', 'acme'] as const)(
    '%s reads the information of what it reaches; the rest answers 404 like a missing channel',
    async (user) => {
      const { cloud, data } = suite;
      const reach = new Set(reachOf(data.world).admin.concat(reachOf(data.world).acme));
      const mine = new Set(reachOf(data.world)[user]);
      for (const uuid of reach) {
        const answer = await cloud.call('GET', `/v1/channels/${uuid}`, { as: user });
        if (mine.has(uuid)) {
          expect(answer.status, `${user} ${uuid}`).toBe(200);
        } else {
          await expectOutOfReach(answer, uuid, () =>
            cloud.call('GET', `/v1/channels/${MISSING}`, { as: user }),
          );
        }
      }
    },
  );

  it('a channel the caller reaches but may not READ answers 403 naming what is missing', async () => {
    const { cloud, data } = suite;
    const { north } = data.world.groups;
    const vanNorth = data.world.nodes.n;
    expectRefused(
      await cloud.call('GET', `/v1/channels/${north.uuid}`, { as: data.assetsReader }),
      'READ',
      'groups',
    );
    expectRefused(
      await cloud.call('GET', `/v1/channels/${vanNorth.node.uuid}`, { as: data.groupsReader }),
      'READ',
      'assets',
    );
    expectRefused(
      await cloud.call('GET', `/v1/channels/${vanNorth.sensors.temp}`, { as: data.groupsReader }),
      'READ',
      'assets',
    );
    expect(
      (await cloud.call('GET', `/v1/channels/${north.uuid}`, { as: data.groupsReader })).status,
    ).toBe(200);
    expect(
      (await cloud.call('GET', `/v1/channels/${vanNorth.node.uuid}`, { as: data.assetsReader }))
        .status,
    ).toBe(200);
    // acme was given a demo node, but holds no permission in demo.
    await grantAccess(cloud, 'acme', data.world.nodes.x.node.uuid);
    expectRefused(
      await cloud.call('GET', `/v1/channels/${data.world.nodes.x.node.uuid}`, { as: 'acme' }),
      'READ',
      'assets',
    );
  });

  it('the listing leaves out what the caller may not READ, and refuses a type it may not READ at all', async () => {
    const { cloud, data } = suite;
    const list = async (as: CallOptions['as'], query: Record<string, string> = {}) =>
      cloud.call('GET', '/v1/channels', { as, query });
    const names = (answer: Answer) =>
      (answer.json as ChannelRecord[]).map((record) => record.name).sort();
    expect(names(await list(data.assetsReader))).toEqual([
      'Van North',
      'Van North/gps',
      'Van North/temp',
    ]);
    expect(names(await list(data.groupsReader))).toEqual(['North']);
    // Listing spans tenants: its message names the permission without one.
    expectError(await list(data.assetsReader, { channelType: 'GROUP' }), 403, /READ on groups/);
    expectError(await list(data.groupsReader, { channelType: 'SENSOR' }), 403, /READ on assets/);
    expectError(await list(data.nobody), 403, /READ/);
    // acme reaches a demo node (previous test) without READ in demo: it is not listed.
    expect(names(await list('acme'))).not.toContain('Van Loner');
  });

  it('reach through a group covers the sensors of member nodes only once they exist', async () => {
    const { cloud, data } = suite;
    await commission(cloud, 'VAN-LATE', {
      name: 'Van Late',
      group: data.world.groups.north.uuid,
    });
    const fleetList = async () =>
      (
        (await cloud.call('GET', '/v1/channels', { as: 'fleet', query: { filter: 'Van Late' } }))
          .json as ChannelRecord[]
      ).map((record) => record.name);
    expect(await fleetList()).toEqual(['Van Late']);
    await ingest(cloud, data.world.gateway, [temp('VAN-LATE', T0 - 1_000, 1)]);
    expect(await fleetList()).toEqual(['Van Late', 'Van Late/temp']);
  });
});

describe('history (READ on assets.history or groups.history)', () => {
  const suite = useCloud(setup);
  const history = (cloud: TestCloud, uuid: string, as: Who) =>
    cloud.call('GET', `/v1/channels/${uuid}/history`, { as });

  it('fleet reads the history of what it reaches', async () => {
    const { cloud, data } = suite;
    const { north } = data.world.groups;
    const { n } = data.world.nodes;
    for (const uuid of [north.uuid, n.node.uuid, n.sensors.temp]) {
      const answer = await history(cloud, uuid, 'fleet');
      expect(answer.status).toBe(200);
      expect((answer.json as unknown[]).length).toBeGreaterThan(0);
    }
    expectError(await history(cloud, data.world.groups.west.uuid, 'fleet'), 404);
  });

  it('support reaches the same channels but may not read their history', async () => {
    const { cloud, data } = suite;
    const { n } = data.world.nodes;
    expectRefused(
      await history(cloud, data.world.groups.north.uuid, 'support'),
      'READ',
      'groups.history',
    );
    expectRefused(await history(cloud, n.node.uuid, 'support'), 'READ', 'assets.history');
    expectRefused(await history(cloud, n.sensors.gps, 'support'), 'READ', 'assets.history');
    expectError(await history(cloud, data.world.groups.south.uuid, 'support'), 404);
  });

  it('admin reads demo history but not acme’s, which it may only read as assets and groups', async () => {
    const { cloud, data } = suite;
    expect((await history(cloud, data.world.nodes.w.node.uuid, 'admin')).status).toBe(200);
    const { acme } = data.world.nodes;
    expect((await cloud.call('GET', `/v1/channels/${acme.node.uuid}`)).status).toBe(200);
    expectRefused(
      await history(cloud, data.world.groups.acme.uuid, 'admin'),
      'READ',
      'groups.history',
      'acme',
    );
    expectRefused(await history(cloud, acme.node.uuid, 'admin'), 'READ', 'assets.history', 'acme');
    expectRefused(
      await history(cloud, acme.sensors.temp, 'admin'),
      'READ',
      'assets.history',
      'acme',
    );
  });

  it('acme reads its own history', async () => {
    const { cloud, data } = suite;
    for (const uuid of [data.world.groups.acme.uuid, data.world.nodes.acme.node.uuid]) {
      expect((await history(cloud, uuid, 'acme')).status).toBe(200);
    }
  });
});

describe('set or remove properties or push (UPDATE on assets or groups)', () => {
  const suite = useCloud(setup);
  const operations: [string, 'PUT' | 'DELETE', string, Record<string, string>][] = [
    ['set properties', 'PUT', 'properties', { properties: '{"by":"test"}' }],
    ['remove properties', 'DELETE', 'properties', {}],
    ['set push', 'PUT', 'push', { to: 'https://hooks.example/p', secret: 'perm-secret' }],
    ['remove push', 'DELETE', 'push', {}],
  ];

  it.each(operations)(
    '%s: admin and acme change their own tenant',
    async (_label, method, what, query) => {
      const { cloud, data } = suite;
      const { world } = data;
      for (const uuid of [
        world.nodes.n.node.uuid,
        world.nodes.n.sensors.temp,
        world.groups.north.uuid,
      ]) {
        expectOk(await cloud.call(method, `/v1/channels/${uuid}/${what}`, { query }));
      }
      for (const uuid of [world.nodes.acme.node.uuid, world.groups.acme.uuid]) {
        expectOk(await cloud.call(method, `/v1/channels/${uuid}/${what}`, { query, as: 'acme' }));
      }
    },
  );

  it.each(operations)(
    '%s: fleet, support and cross-tenant admin get 403, nothing changes',
    async (_label, method, what, query) => {
      const { cloud, data } = suite;
      const { world } = data;
      await expectUnchanged(cloud, async () => {
        for (const as of ['fleet', 'support'] as const) {
          const call = (uuid: string) =>
            cloud.call(method, `/v1/channels/${uuid}/${what}`, { query, as });
          expectRefused(await call(world.nodes.n.node.uuid), 'UPDATE', 'assets');
          expectRefused(await call(world.nodes.n.sensors.gps), 'UPDATE', 'assets');
          expectRefused(await call(world.groups.north.uuid), 'UPDATE', 'groups');
        }
        const call = (uuid: string) =>
          cloud.call(method, `/v1/channels/${uuid}/${what}`, { query });
        expectRefused(await call(world.nodes.acme.node.uuid), 'UPDATE', 'assets', 'acme');
        expectRefused(await call(world.groups.acme.uuid), 'UPDATE', 'groups', 'acme');
        // UPDATE on assets does not cover groups.
        const updater = (uuid: string) =>
          cloud.call(method, `/v1/channels/${uuid}/${what}`, { query, as: data.assetsUpdater });
        expectRefused(await updater(world.groups.north.uuid), 'UPDATE', 'groups');
        // Out of reach is 404, before any permission is looked at.
        expectError(
          await cloud.call(method, `/v1/channels/${world.nodes.w.node.uuid}/${what}`, {
            query,
            as: 'fleet',
          }),
          404,
        );
      });
      expectOk(
        await cloud.call(method, `/v1/channels/${world.nodes.n.node.uuid}/${what}`, {
          query,
          as: data.assetsUpdater,
        }),
      );
    },
  );
});

describe('commission and decommission a node (COMMISSION and DELETE on assets)', () => {
  const suite = useCloud(setup);
  const commissionAs = (cloud: TestCloud, serial: string, as: Who, channelUuid?: string) =>
    cloud.call('POST', `/v1/nodes/${serial}`, {
      as,
      query: channelUuid ? { name: serial, channelUuid } : { name: serial },
    });

  it('fleet and support may not commission nodes or register gateways', async () => {
    const { cloud, data } = suite;
    await expectUnchanged(cloud, async () => {
      for (const as of ['fleet', 'support'] as const) {
        expectRefused(await commissionAs(cloud, 'VAN-P1', as), 'COMMISSION', 'assets');
        expectRefused(
          await commissionAs(cloud, 'VAN-P1', as, data.world.groups.north.uuid),
          'COMMISSION',
          'assets',
        );
        expectRefused(
          await cloud.call('POST', '/v1/gateways/GW-P1', { as }),
          'COMMISSION',
          'assets',
        );
      }
    });
  });

  it('admin and acme commission into their own tenant; a group needs access', async () => {
    const { cloud, data } = suite;
    expect((await commissionAs(cloud, 'VAN-P2', 'admin', data.world.groups.west.uuid)).status).toBe(
      200,
    );
    expect((await commissionAs(cloud, 'ACME-P2', 'acme', data.world.groups.acme.uuid)).status).toBe(
      200,
    );
    await expectUnchanged(cloud, async () => {
      expectError(
        await commissionAs(cloud, 'ACME-P3', 'acme', data.world.groups.north.uuid),
        403,
        /access/,
      );
    });
  });

  it('decommissioning needs DELETE on assets in the node’s tenant; out of reach is 404', async () => {
    const { cloud, data } = suite;
    const { nodes } = data.world;
    await expectUnchanged(cloud, async () => {
      expectRefused(
        await cloud.call('DELETE', `/v1/nodes/${nodes.n.node.uuid}`, { as: 'fleet' }),
        'DELETE',
        'assets',
      );
      expectRefused(
        await cloud.call('DELETE', `/v1/nodes/${nodes.n.node.uuid}`, { as: 'support' }),
        'DELETE',
        'assets',
      );
      expectRefused(
        await cloud.call('DELETE', `/v1/nodes/${nodes.acme.node.uuid}`),
        'DELETE',
        'assets',
        'acme',
      );
      expectError(
        await cloud.call('DELETE', `/v1/nodes/${nodes.w.node.uuid}`, { as: 'fleet' }),
        404,
      );
      expectError(
        await cloud.call('DELETE', `/v1/nodes/${nodes.acme.node.uuid}`, { as: 'fleet' }),
        404,
      );
    });
    expectOk(await cloud.call('DELETE', `/v1/nodes/${nodes.acme.node.uuid}`, { as: 'acme' }));
    expectOk(await cloud.call('DELETE', `/v1/nodes/${nodes.x.node.uuid}`, { as: 'admin' }));
  });

  it('a new key for a gateway needs UPDATE on assets', async () => {
    const { cloud, data } = suite;
    await grantAccess(cloud, 'fleet', data.world.gateway.uuid);
    await expectUnchanged(cloud, async () => {
      expectRefused(
        await cloud.call('POST', `/v1/gateways/${data.world.gateway.uuid}/key`, { as: 'fleet' }),
        'UPDATE',
        'assets',
      );
    });
  });
});

describe('groups (CREATE, UPDATE, READ and DELETE on groups)', () => {
  const suite = useCloud(setup);

  it('creating a group needs CREATE on groups', async () => {
    const { cloud, data } = suite;
    await expectUnchanged(cloud, async () => {
      for (const as of ['fleet', 'support', data.groupEditor] as const) {
        expectRefused(await cloud.call('POST', '/v1/groups/Not mine', { as }), 'CREATE', 'groups');
      }
    });
    expect((await createGroup(cloud, 'Admin made')).channelType).toBe('GROUP');
    expect((await createGroup(cloud, 'Acme made', 'acme')).channelType).toBe('GROUP');
  });

  it('listing members needs READ on groups and reach', async () => {
    const { cloud, data } = suite;
    const { groups } = data.world;
    const members = (uuid: string, as: Who) => cloud.call('GET', `/v1/groups/${uuid}`, { as });
    for (const [as, uuid] of [
      ['fleet', groups.north.uuid],
      ['fleet', groups.south.uuid],
      ['support', groups.north.uuid],
      ['admin', groups.acme.uuid],
      ['acme', groups.acme.uuid],
    ] as const) {
      expect((await members(uuid, as)).status, `${as} ${uuid}`).toBe(200);
    }
    expectError(await members(groups.west.uuid, 'fleet'), 404);
    expectError(await members(groups.south.uuid, 'support'), 404);
    expectError(await members(groups.north.uuid, 'acme'), 404);
    expectRefused(await members(groups.north.uuid, data.assetsReader), 'READ', 'groups');
  });

  it('adding and removing a member needs UPDATE on groups in the group’s tenant', async () => {
    const { cloud, data } = suite;
    const { groups, nodes } = data.world;
    await expectUnchanged(cloud, async () => {
      for (const as of ['fleet', 'support'] as const) {
        expectRefused(
          await cloud.call('POST', `/v1/groups/${groups.north.uuid}/${nodes.n.sensors.temp}`, {
            as,
          }),
          'UPDATE',
          'groups',
        );
        expectRefused(
          await cloud.call('DELETE', `/v1/groups/${groups.north.uuid}/${nodes.n.node.uuid}`, {
            as,
          }),
          'UPDATE',
          'groups',
        );
      }
      expectRefused(
        await cloud.call('POST', `/v1/groups/${groups.acme.uuid}/${nodes.acme.sensors.gps}`),
        'UPDATE',
        'groups',
        'acme',
      );
      expectRefused(
        await cloud.call('DELETE', `/v1/groups/${groups.acme.uuid}/${nodes.acme.node.uuid}`),
        'UPDATE',
        'groups',
        'acme',
      );
    });
    const editor = { as: data.groupEditor };
    expectOk(
      await cloud.call('POST', `/v1/groups/${groups.north.uuid}/${nodes.n.sensors.temp}`, editor),
    );
    expectOk(
      await cloud.call('DELETE', `/v1/groups/${groups.north.uuid}/${nodes.n.sensors.temp}`, editor),
    );
    expectOk(
      await cloud.call('POST', `/v1/groups/${groups.acme.uuid}/${nodes.acme.sensors.gps}`, {
        as: 'acme',
      }),
    );
  });

  it('removing all members needs DELETE on groups', async () => {
    const { cloud, data } = suite;
    const { groups } = data.world;
    await expectUnchanged(cloud, async () => {
      for (const as of ['fleet', 'support', data.groupEditor] as const) {
        expectRefused(
          await cloud.call('DELETE', `/v1/groups/${groups.north.uuid}`, { as }),
          'DELETE',
          'groups',
        );
      }
      expectRefused(
        await cloud.call('DELETE', `/v1/groups/${groups.acme.uuid}`),
        'DELETE',
        'groups',
        'acme',
      );
      expectError(
        await cloud.call('DELETE', `/v1/groups/${groups.west.uuid}`, { as: 'fleet' }),
        404,
      );
    });
    expectOk(await cloud.call('DELETE', `/v1/groups/${groups.west.uuid}`));
    expectOk(await cloud.call('DELETE', `/v1/groups/${groups.acme.uuid}`, { as: 'acme' }));
  });
});

describe('userinfo and ping', () => {
  const suite = useCloud(setup);

  it('userinfo answers any signed-in user, even one without permissions', async () => {
    const { cloud, data } = suite;
    const answer = await cloud.call('GET', '/v1/userinfo', { as: data.nobody });
    expect(answer.status).toBe(200);
    expect((answer.json as { permissions: object }).permissions).toEqual({});
  });

  it('ping needs no credentials', async () => {
    expectOk(await suite.cloud.call('GET', '/v1/admin/ping', { as: null }));
  });
});
