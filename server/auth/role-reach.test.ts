import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { seedDemoFleet } from '../sim/seed-demo.ts';
import type { PermissionSetGroupStore } from '../store/permission-set-groups.ts';
import type { CallOptions, TestCloud } from '../test/harness.ts';
import { cloudTrusting, OutsideIssuer } from '../test/outside-issuer.ts';
import { bearer } from '../test/tokens.ts';

// Issue 10, point 5: a permission set names the groups it reaches, so that a person of an outside
// identity provider whose role maps to it sees, from the first sign-in, exactly what `fleet` sees.

describe('roles that reach groups', () => {
  let outside: OutsideIssuer;
  let cloud: TestCloud;
  let reach: PermissionSetGroupStore;

  beforeAll(async () => {
    outside = await new OutsideIssuer().start();
    cloud = await cloudTrusting(outside, {
      AUTH_EXTERNAL_ROLE_MAP: 'Fleet managers=demo-fleet,Support=demo-support',
    });
    await seedDemoFleet(cloud.services, cloud.ids, {
      size: { vans: 4, reefers: 2, trucks: 2 },
      days: 1,
    });
    reach = cloud.services.store.permissionSetGroups;
  });
  afterAll(async () => {
    await cloud.close();
    await outside.stop();
  });

  const signedInAt = Math.floor(Date.now() / 1000) - 600;
  const tokenOf = (sub: string, roles: string[], at = signedInAt) =>
    outside.token({ sub, preferred_username: sub, roles, iat: at, auth_time: at });
  const everything = async (headers: Record<string, string> | { as: 'fleet' | 'support' }) => {
    const options = 'as' in headers ? headers : { as: null, headers };
    const answer = await cloud.call('GET', '/v1/channels', options);
    expect(answer.status).toBe(200);
    return (answer.json as ChannelRecord[]).map((record) => record.uuid).sort();
  };

  it('shows a first sign-in with "Fleet managers" exactly what fleet sees', async () => {
    const token = await tokenOf('dana', ['Fleet managers']);
    const fleet = await everything({ as: 'fleet' });
    expect(fleet.length).toBeGreaterThan(10);
    expect(await everything(bearer(token))).toEqual(fleet);

    const userinfo = await cloud.call('GET', '/v1/userinfo', { as: null, headers: bearer(token) });
    const fleetInfo = await cloud.call('GET', '/v1/userinfo', { as: 'fleet' });
    expect((userinfo.json as { permissions: unknown }).permissions).toEqual(
      (fleetInfo.json as { permissions: unknown }).permissions,
    );

    const groups = await cloud.call('GET', '/v1/channels', {
      as: null,
      headers: bearer(token),
      query: { channelType: 'GROUP' },
    });
    const coldChain = (groups.json as ChannelRecord[]).find((g) => g.name === 'Cold chain');
    const history = await cloud.call('GET', `/v1/channels/${coldChain?.uuid}/history`, {
      as: null,
      headers: bearer(token),
    });
    expect(history.status).toBe(200);
    expect((history.json as unknown[]).length).toBeGreaterThan(0);

    // The latest-positions extension has the same reach: the groups the role reaches.
    const positionsOf = async (options: CallOptions) => {
      const answer = await cloud.call('GET', '/v1/positions', options);
      expect(answer.status).toBe(200);
      return (answer.json as { nodes: { nodeUuid: string }[] }).nodes.map((n) => n.nodeUuid);
    };
    const fleetPositions = await positionsOf({ as: 'fleet' });
    expect(fleetPositions.length).toBeGreaterThan(0);
    expect(await positionsOf({ as: null, headers: bearer(token) })).toEqual(fleetPositions);
  });

  it('shows support what support sees, and nobody a group their roles do not reach', async () => {
    const token = await tokenOf('sam', ['Support']);
    expect(await everything(bearer(token))).toEqual(await everything({ as: 'support' }));
    const nobody = await tokenOf('nora', ['Coffee club']);
    const refused = await cloud.call('GET', '/v1/channels', { as: null, headers: bearer(nobody) });
    expect(refused.status).toBe(403);
  });

  it('takes the reach away with the role at the next sign-in', async () => {
    expect(
      (await everything(bearer(await tokenOf('eli', ['Fleet managers'])))).length,
    ).toBeGreaterThan(0);
    // Support reads assets and groups too, so what is left to see is what the role reaches.
    const later = await tokenOf('eli', ['Support'], signedInAt + 60);
    expect(await everything(bearer(later))).toEqual(await everything({ as: 'support' }));
  });

  it('applies a change of the groups a set reaches at once, to everyone holding it', async () => {
    const token = await tokenOf('finn', ['Fleet managers']);
    const before = await everything(bearer(token));
    const sets = await reach.list();
    const fleetSet = sets.find((set) => set.name === 'demo-fleet');
    expect(fleetSet?.groups.map((group) => group.name)).toEqual(['Cold chain', 'Vans Westpoort']);
    const [coldChain, westpoort] = fleetSet?.groups ?? [];
    expect(await reach.setGroups('demo-fleet', [coldChain?.id ?? 0])).toBe(true);
    try {
      const after = await everything(bearer(token));
      expect(after.length).toBeLessThan(before.length);
      expect(await everything({ as: 'fleet' })).toEqual(after);
    } finally {
      await reach.setGroups('demo-fleet', [coldChain?.id ?? 0, westpoort?.id ?? 0]);
    }
    expect(await everything(bearer(token))).toEqual(before);
    expect(await reach.setGroups('no-such-set', [])).toBe(false);
  });
});
