import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../http/limits.ts';
import { demoUsers } from '../sim/demo-accounts.ts';
import { T0 } from '../test/harness.ts';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { buildWorld, type World } from '../test/world.ts';
import { TestEventStream } from '../test/event-stream.ts';

const basic = (username: string) => {
  const password = demoUsers.find((user) => user.username === username)?.password ?? '';
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
};

/**
 * Issue 19, fair shares: one user's streams cannot take the instance from the others. Closing
 * the cloud after these tests once took 70 s on PostgreSQL: fetch's pool had opened a connection
 * it never used, and Node's server.close() waits for such a connection until its client hangs up
 * (server/http/shutdown-connections.ts); the hook timeout catches it coming back.
 */
describe('open live streams per user', () => {
  let cloud: ListeningCloud;
  let world: World;
  const open: TestEventStream[] = [];
  beforeAll(async () => {
    cloud = await listenTestCloud(() => ({ limits: { ...DEFAULT_LIMITS, streamsPerUser: 3 } }));
    world = await buildWorld(cloud);
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(() => cloud.close());

  const connect = async (user: string, query = '') => {
    const path = `/v1/channels/${world.groups.north.uuid}/events${query}`;
    const stream = await TestEventStream.open(`${cloud.url}${path}`, basic(user));
    open.push(stream);
    return stream;
  };
  const refusal = async (user: string) => {
    const url = `${cloud.url}/v1/channels/${world.groups.north.uuid}/events`;
    const response = await fetch(url, { headers: basic(user) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('the fourth of one user’s streams answers 429 naming the limit; other users are served', async () => {
    const streams = [
      await connect('fleet', `?since=${T0 - 3_600_000}`),
      await connect('fleet'),
      await connect('fleet'),
    ];
    for (const stream of streams) expect(stream.status).toBe(200);
    expect(await refusal('fleet')).toEqual({
      status: 429,
      body: {
        status: 'TOO_MANY_REQUESTS',
        message: expect.stringContaining('(STREAMS_PER_USER=3)'),
      },
    });
    const other = await connect('admin');
    expect(other.status).toBe(200);
    await other.take('open');
    const livez = await fetch(`${cloud.url}/livez`);
    expect(livez.status).toBe(200);
    const userinfo = await fetch(`${cloud.url}/v1/userinfo`, { headers: basic('support') });
    expect(userinfo.status).toBe(200);
  });

  /** Opens a stream of `user` once the server has taken back its closed ones (bounded). */
  const connectWhenFree = async (user: string) => {
    const deadline = Date.now() + 5_000;
    let stream = await connect(user);
    while (stream.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stream = await connect(user);
    }
    return stream;
  };

  it('a closed stream gives its place back', async () => {
    const streams = [
      await connectWhenFree('fleet'),
      await connectWhenFree('fleet'),
      await connectWhenFree('fleet'),
    ];
    for (const stream of streams) expect(stream.status).toBe(200);
    expect((await refusal('fleet')).status).toBe(429);
    streams[0]?.close();
    expect((await connectWhenFree('fleet')).status).toBe(200);
  });
});
