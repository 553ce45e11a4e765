import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import type { TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { databaseState } from '../test/state.ts';
import { buildWorld } from '../test/world.ts';

const info = async (cloud: TestCloud, uuid: string) =>
  (await cloud.call('GET', `/v1/channels/${uuid}`)).json as ChannelRecord;
const setPush = (cloud: TestCloud, uuid: string, query: Record<string, string>) =>
  cloud.call('PUT', `/v1/channels/${uuid}/push`, { query });
/** The secret as stored (sealed, docs/decisions/0043-secrets-at-rest.md), unsealed here. */
const storedSecret = async (cloud: TestCloud, uuid: string) => {
  const stored = (await cloud.sql.all('SELECT push_secret FROM channels WHERE uuid = ?', uuid))[0]
    ?.push_secret;
  if (typeof stored !== 'string') return stored;
  expect(stored).toMatch(/^sealed:v1:/);
  return cloud.services.sealer.unseal(stored);
};

describe('channel push settings', () => {
  const suite = useCloud(buildWorld);

  it('sets, overwrites and removes the push configuration; the secret is stored, never returned', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.n.node.uuid;
    expectOk(
      await setPush(cloud, uuid, {
        to: 'https://hooks.example/a',
        interval: '10',
        secret: 's3cret-one',
      }),
    );
    expect(await info(cloud, uuid)).toMatchObject({
      pushURL: 'https://hooks.example/a',
      pushInterval: 10,
    });
    expect(await storedSecret(cloud, uuid)).toBe('s3cret-one');

    expectOk(
      await setPush(cloud, uuid, { to: 'http://hooks.example:8080/b?x=1', secret: 's3cret-two' }),
    );
    const overwritten = await info(cloud, uuid);
    expect(overwritten).toMatchObject({
      pushURL: 'http://hooks.example:8080/b?x=1',
      pushInterval: 0,
    });
    expect(await storedSecret(cloud, uuid)).toBe('s3cret-two');

    expectOk(await cloud.call('DELETE', `/v1/channels/${uuid}/push`));
    const removed = await info(cloud, uuid);
    expect(removed).not.toHaveProperty('pushURL');
    expect(removed.pushInterval).toBe(0);
    expect(await storedSecret(cloud, uuid)).toBeNull();
    expectOk(await cloud.call('DELETE', `/v1/channels/${uuid}/push`));
  });

  it('works on sensor and group channels', async () => {
    const { cloud, data } = suite;
    for (const uuid of [data.nodes.s.sensors.gps, data.groups.south.uuid]) {
      expectOk(
        await setPush(cloud, uuid, {
          to: 'https://hooks.example/g',
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        }),
      );
      expect((await info(cloud, uuid)).pushURL).toBe('https://hooks.example/g');
    }
  });

  it('takes interval 0 to 86400 and secrets of 8 to 256 characters', async () => {
    const { cloud, data } = suite;
    const uuid = data.nodes.w.node.uuid;
    const to = 'https://hooks.example/limits';
    expectOk(await setPush(cloud, uuid, { to, interval: '86400', secret: '12345678' }));
    expect((await info(cloud, uuid)).pushInterval).toBe(86_400);
    expectOk(await setPush(cloud, uuid, { to, interval: '0', secret: 's'.repeat(256) }));
    const before = await databaseState(cloud);
    expectError(
      await setPush(cloud, uuid, { to, interval: '86401', secret: '12345678' }),
      400,
      /interval/,
    );
    expectError(
      await setPush(cloud, uuid, { to, interval: '-1', secret: '12345678' }),
      400,
      /interval/,
    );
    expectError(await setPush(cloud, uuid, { to, secret: '1234567' }), 400, /secret/);
    expectError(await setPush(cloud, uuid, { to, secret: 's'.repeat(257) }), 400, /secret/);
    expectError(await setPush(cloud, uuid, { secret: '12345678' }), 400, /to/);
    expect(await databaseState(cloud)).toEqual(before);
  });

  it.each([
    ['not an address', 'hooks.example'],
    ['another scheme', 'mailto:ops@hooks.example'],
    ['credentials in the address', 'https://user:pass@hooks.example/'],
    ['no host', 'https://'],
    ['an address over 2048 characters', `https://hooks.example/${'p'.repeat(2_040)}`],
  ])('refuses %s and changes nothing', async (_label, to) => {
    const { cloud, data } = suite;
    const before = await databaseState(cloud);
    expectError(
      await setPush(cloud, data.nodes.x.node.uuid, { to, secret: '12345678' }),
      400,
      /to/,
    );
    expect(await databaseState(cloud)).toEqual(before);
  });

  it('never returns the secret: not in information, listings, member listings or errors', async () => {
    const { cloud, data } = suite;
    const secret = 'never-shown-anywhere';
    const node = data.nodes.n.node.uuid;
    expectOk(await setPush(cloud, node, { to: 'https://hooks.example/n', secret }));
    const answers = await Promise.all([
      cloud.call('GET', `/v1/channels/${node}`),
      cloud.call('GET', '/v1/channels'),
      cloud.call('GET', `/v1/groups/${data.groups.north.uuid}`),
      cloud.call('GET', `/v1/channels/${node}/history`),
      setPush(cloud, node, { to: 'https://hooks.example/n', secret, interval: 'x' }),
    ]);
    for (const answer of answers) expect(answer.text).not.toContain(secret);
  });
});
