import { describe, expect, it } from 'vitest';
import type { ChannelMatch } from '../../contract/people.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import { buildWorld } from '../test/world.ts';

// Issue 34, item 5: Check access finds a channel by name among the tenant's channels, not only
// in support's own reach (docs/decisions/0179).
describe('GET /v1/channels/lookup', () => {
  const suite = useCloud(buildWorld);

  const lookup = async (filter: string, as: 'support' | 'admin' = 'support') => {
    const answer = await suite.cloud.call('GET', '/v1/channels/lookup', {
      as,
      query: { filter },
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.json as ChannelMatch[];
  };

  it('finds a channel out of the caller’s reach by name or serial, in the tenants where they look people up', async () => {
    const { nodes } = suite.data;
    // Support reaches North only: Van Loner is out of their reach, but in their tenant.
    const listing = await suite.cloud.call('GET', '/v1/channels', {
      as: 'support',
      query: { filter: 'loner' },
    });
    expect(listing.json).toEqual([]);
    const loner = await lookup('LONER');
    expect(loner.map((c) => c.name)).toEqual(['Van Loner', 'Van Loner/gps', 'Van Loner/temp']);
    expect(loner[0]).toEqual({
      uuid: nodes.x.node.uuid,
      name: 'Van Loner',
      channelType: 'NODE',
      tenant: 'demo',
      active: true,
      reference: 'VAN-X',
    });
    expect((await lookup('van-s')).map((c) => c.name)).toEqual(['Van South']);
    expect(loner[1]).toMatchObject({ uuid: nodes.x.sensors.gps, channelType: 'SENSOR' });
    // Another tenant's channels stay out of view; % and _ are taken literally.
    expect(await lookup('Acme truck')).toEqual([]);
    expect(await lookup('%')).toEqual([]);
    expect(
      (await lookup('Van')).filter((c) => c.channelType === 'NODE').map((c) => c.name),
    ).toEqual(['Van Loner', 'Van North', 'Van South', 'Van West']);
  });

  it('is refused without READ on users, and says what is needed', async () => {
    expectError(
      await suite.cloud.call('GET', '/v1/channels/lookup', {
        as: 'fleet',
        query: { filter: 'Van' },
      }),
      403,
      /looking channels up needs READ on users/,
    );
    expectError(await suite.cloud.call('GET', '/v1/channels/lookup', { as: null }), 401);
  });

  it('refuses a filter that is too long, and the channel record is still its own route', async () => {
    const { nodes } = suite.data;
    expectError(
      await suite.cloud.call('GET', '/v1/channels/lookup', {
        as: 'support',
        query: { filter: 'x'.repeat(1000) },
      }),
      400,
    );
    const record = await suite.cloud.call('GET', `/v1/channels/${nodes.n.node.uuid}`, {
      as: 'support',
    });
    expect(record.status).toBe(200);
  });

  it('answers any filter a person may type, never 5xx: wildcards, a backslash, control characters', async () => {
    for (const filter of ['%', '_', '\\', "'", '\u0000', 'van\u0000x', '\ud800', '😀', 'ß']) {
      expect(Array.isArray(await lookup(filter)), filter).toBe(true);
    }
    expect((await lookup('%')).length).toBe(0);
  });
});
