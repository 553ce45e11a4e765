import { describe, expect, it } from 'vitest';
import type { PushHealth } from '../../contract/push-health.ts';
import type { TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { channelOf } from '../test/fixtures.ts';
import { buildWorld } from '../test/world.ts';

const to = 'https://receiver.example.com/hook';

/** Deliveries as the dispatcher logs them, oldest first, `ok` or the receiver's answer. */
async function delivered(
  cloud: TestCloud,
  uuid: string,
  outcomes: readonly (true | { status?: number; error?: string })[],
) {
  const channel = await channelOf(cloud, uuid);
  const start = cloud.clock.now;
  await cloud.store.deliveryLog.append(
    outcomes.map((outcome, i) => ({
      channelId: channel.id,
      id: `msg_${uuid}_${start}_${i}`,
      at: start + i,
      to,
      events: 1,
      dropped: 0,
      ok: outcome === true,
      ...(outcome === true ? { status: 204 } : outcome),
      durationMs: 5,
    })),
    50,
  );
  cloud.clock.now = start + outcomes.length;
}

const health = async (cloud: TestCloud, uuid: string) => {
  const answer = await cloud.call('GET', `/v1/channels/${uuid}/push/health`, { as: 'fleet' });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as PushHealth;
};

describe('push health', () => {
  const suite = useCloud(buildWorld);

  it('turns failing with the receiver’s answer, counts failures in a row, and recovers', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.s.node.uuid;
    expectError(await cloud.call('GET', `/v1/channels/${uuid}/push/health`), 404, /no push/);
    expectOk(
      await cloud.call('PUT', `/v1/channels/${uuid}/push`, {
        query: { to, secret: 'a-secret-of-ours', interval: '0' },
      }),
    );
    expect(await health(cloud, uuid)).toMatchObject({
      failing: false,
      failuresInRow: 0,
      lastHour: { deliveries: 0, delivered: 0 },
    });
    await delivered(cloud, uuid, [true, { error: 'host not found' }, { status: 500 }]);
    expect(await health(cloud, uuid)).toEqual({
      channelUuid: uuid,
      channelName: 'Van South',
      to,
      last: { at: cloud.clock.now - 1, ok: false, status: 500 },
      failuresInRow: 2,
      lastHour: { deliveries: 3, delivered: 1, share: 1 / 3 },
      failing: true,
    });
    const list = await cloud.call('GET', '/v1/push/health', { as: 'fleet' });
    expect((list.json as PushHealth[]).map((h) => [h.channelName, h.failing])).toEqual([
      ['Van South', true],
    ]);
    await delivered(cloud, uuid, [true]);
    expect(await health(cloud, uuid)).toMatchObject({ failing: false, failuresInRow: 0 });
    // An hour later the old deliveries no longer count.
    cloud.clock.now += 3_600_000;
    expect((await health(cloud, uuid)).lastHour).toEqual({ deliveries: 0, delivered: 0 });
  });

  it('answers only within reach and permission', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.s.node.uuid;
    expectError(
      await cloud.call('GET', `/v1/channels/${uuid}/push/health`, { as: 'support' }),
      404,
    );
    const list = await cloud.call('GET', '/v1/push/health', { as: 'support' });
    expect(list.json).toEqual([]);
  });
});
