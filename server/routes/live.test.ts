import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Timeslice } from '../../contract/timeslice.ts';
import { T0 } from '../test/harness.ts';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { buildWorld, type World } from '../test/world.ts';
import { expectError } from '../test/assertions.ts';
import { channelOf, gps, ingest, temp } from '../test/fixtures.ts';
import { TestEventStream } from '../test/event-stream.ts';
import { bearer, tokenFor } from '../test/tokens.ts';
import { demoUsers } from '../sim/demo-accounts.ts';
import { defaultAuthConfig } from '../auth/auth-config.ts';

const basic = (username: string) => {
  const password = demoUsers.find((user) => user.username === username)?.password ?? '';
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
};

/** Live streams (our extension): GET /v1/channels/{uuid}/events and GET /v1/events. */
describe('live streams', () => {
  let cloud: ListeningCloud;
  let world: World;
  const open: TestEventStream[] = [];
  let ts = T0;

  const connect = async (path: string, headers: Record<string, string> = basic('admin')) => {
    const stream = await TestEventStream.open(`${cloud.url}${path}`, headers);
    open.push(stream);
    return stream;
  };
  const send = async (...messages: Parameters<typeof ingest>[2]) => {
    const answer = await ingest(cloud, world.gateway, messages);
    expect(answer.status).toBe(200);
  };
  const nextTs = () => (ts += 1_000);

  beforeAll(async () => {
    cloud = await listenTestCloud(() => ({
      liveHeartbeatMs: 300,
      liveRecheckMs: 250,
      corsOrigins: ['http://console.test'],
    }));
    world = await buildWorld(cloud);
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(() => cloud.close());

  it('refuses without credentials, out of reach, without history permission and bad input, as history does', async () => {
    const north = world.groups.north.uuid;
    expectError(await cloud.call('GET', `/v1/channels/${north}/events`, { as: null }), 401);
    expectError(
      await cloud.call('GET', `/v1/channels/${world.groups.west.uuid}/events`, { as: 'fleet' }),
      404,
    );
    expectError(
      await cloud.call('GET', `/v1/channels/${north}/events`, { as: 'support' }),
      403,
      'READ on groups.history',
    );
    expectError(await cloud.call('GET', '/v1/events', { as: 'support' }), 403, 'history');
    expectError(
      await cloud.call('GET', `/v1/channels/${north}/events`, {
        headers: { 'last-event-id': 'yesterday' },
      }),
      400,
      'Last-Event-ID',
    );
    expectError(
      await cloud.call('GET', `/v1/channels/${north}/events`, {
        query: { since: String(T0 - 2 * 86_400_000) },
      }),
      400,
      'more than a day',
    );
    expectError(
      await cloud.call('GET', `/v1/channels/${north}/events`, { query: { sinse: '1' } }),
      400,
    );
    expectError(await cloud.call('GET', '/v1/events', { query: { group: north } }), 400);
  });

  it('answers an event stream that proxies pass on at once, and heartbeats', async () => {
    const stream = await connect(`/v1/channels/${world.nodes.n.node.uuid}/events`, {
      ...basic('admin'),
      origin: 'http://console.test',
    });
    expect(stream.status).toBe(200);
    // A console on another origin reads it (CORS_ORIGINS), as any answer of the API.
    expect(stream.headers.get('access-control-allow-origin')).toBe('http://console.test');
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-length')).toBeNull();
    const opened = await stream.take('open');
    expect(opened.data).toEqual({ replayed: 'none', missed: false });
    expect(opened.id).toMatch(/^\d+-\d+$/);
    await expect.poll(() => stream.heartbeats.length, { timeout: 3_000 }).toBeGreaterThan(1);
  });

  it('sends what reaches a node exactly as its history shapes it, with an id per message', async () => {
    const { n, s } = world.nodes;
    const stream = await connect(`/v1/channels/${n.node.uuid}/events`, basic('fleet'));
    await stream.take('open');
    const at = nextTs();
    await send(temp('VAN-S', at, 9), temp('VAN-N', at, 7), gps('VAN-N', at, 52.1, 4.9));
    const message = await stream.take('timeslices');
    expect(message.id).toMatch(/^\d+-\d+$/);
    const history = await cloud.call('GET', `/v1/channels/${n.node.uuid}/history`, {
      as: 'fleet',
      query: { from: String(at), to: String(at) },
    });
    // History is newest first; the stream sends a batch in the order it was stored.
    const expected = (history.json as Timeslice[]).toSorted((a, b) =>
      a.sensorName.localeCompare(b.sensorName),
    );
    const got = (message.data as Timeslice[]).toSorted((a, b) =>
      a.sensorName.localeCompare(b.sensorName),
    );
    expect(got).toEqual(expected);
    expect(got.map((item) => item.sensorUuid)).not.toContain(s.sensors.temp);
  });

  it('fans a group’s members out to the group’s stream, and nothing of other groups', async () => {
    const stream = await connect(`/v1/channels/${world.groups.north.uuid}/events`, basic('fleet'));
    await stream.take('open');
    const at = nextTs();
    await send(temp('VAN-S', at, 1));
    await send(temp('VAN-N', at, 2));
    const message = await stream.take('timeslices');
    expect(message.data).toEqual([
      expect.objectContaining({
        channelUuid: world.groups.north.uuid,
        channelName: 'North',
        nodeName: 'Van North',
        ts: at,
        value: expect.objectContaining({ temperature: 2 }),
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.takeTimeslices()).toEqual([]);
  });

  it('replays every batch after Last-Event-ID from the event log when a client reconnects', async () => {
    const path = `/v1/channels/${world.nodes.n.sensors.temp}/events`;
    const first = await connect(path);
    await first.take('open');
    const before = nextTs();
    await send(temp('VAN-N', before, 3));
    const seen = await first.take('timeslices');
    first.close();
    const missed = [nextTs(), nextTs()];
    await send(temp('VAN-N', missed[0] ?? 0, 4));
    await send(temp('VAN-N', missed[1] ?? 0, 5), temp('VAN-S', missed[1] ?? 0, 5));

    const again = await connect(path, { ...basic('admin'), 'last-event-id': seen.id ?? '' });
    const replayed = [await again.take('timeslices'), await again.take('timeslices')];
    expect(replayed.map((m) => (m.data as Timeslice[]).map((item) => item.ts))).toEqual([
      [missed[0]],
      [missed[1]],
    ]);
    expect(replayed.map((m) => m.id)).toEqual([expect.any(String), expect.any(String)]);
    expect((await again.take('open')).data).toEqual({ replayed: 'events', missed: false });
    const live = nextTs();
    await send(temp('VAN-N', live, 6));
    expect((await again.take('timeslices')).data).toEqual([
      expect.objectContaining({ ts: live, value: expect.objectContaining({ temperature: 6 }) }),
    ]);
  });

  it('replays history from `since`, oldest first, then goes live without repeating it', async () => {
    const node = world.nodes.w.node.uuid;
    const stream = await connect(`/v1/channels/${node}/events?since=${T0 - 90_000}`);
    const replay = await stream.take('timeslices');
    expect(replay.id).toBeUndefined();
    const items = replay.data as Timeslice[];
    expect(items).toHaveLength(world.readingsPerNode);
    expect(items.map((item) => item.ts)).toEqual([...items.map((item) => item.ts)].sort());
    expect((await stream.take('open')).data).toEqual({
      replayed: 'history',
      from: T0 - 90_000,
      missed: false,
    });
  });

  it('replays history of more than one window (250 readings) oldest first, each reading once', async () => {
    // Acme's truck: no other test here reads its stream.
    const node = world.nodes.acme.node.uuid;
    // 600 readings between the world's two (odd milliseconds: no ts of theirs).
    const many = Array.from({ length: 600 }, (_, i) => temp('ACME-1', T0 - 84_001 + i * 100, 5));
    expect((await ingest(cloud, world.acmeGateway, many)).status).toBe(200);
    const stream = await connect(`/v1/channels/${node}/events?since=${T0 - 85_000}`, basic('acme'));
    await stream.take('open', 15_000);
    const items: Timeslice[] = [];
    for (;;) {
      const message = await stream.take('timeslices', 1_000).catch(() => undefined);
      if (!message) break;
      items.push(...(message.data as Timeslice[]));
    }
    expect(items).toHaveLength(600 + world.readingsPerNode);
    const times = items.map((item) => item.ts);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const keys = items.map((item) => `${item.sensorUuid}:${item.ts}`);
    expect(new Set(keys).size).toBe(keys.length);

    // The windows' edges are the 250th, 500th… newest readings' ts, at most as many as asked.
    const { id } = await channelOf(cloud, node);
    const newest = await cloud.store.readings.range(id, T0 - 85_000, T0, 1_000);
    const edges = await cloud.store.readings.edges(id, T0 - 85_000, T0, 250, 5);
    expect(edges).toEqual([newest[249]?.[2], newest[499]?.[2]]);
    expect(await cloud.store.readings.edges(id, T0 - 85_000, T0, 100, 3)).toHaveLength(3);
  });

  it('replays as history what was stored before the request even when the hub has not read it yet', async () => {
    // The hub reads the log when woken; on a busy machine a batch stored before the request can
    // reach it during the replay. Such a batch is history: replayed in order, not sent again
    // (or, before, instead) as live. Readings older than the replay's margin (5 min): not in
    // the set a replay keeps to leave repeats out of live batches.
    const node = world.nodes.acme.node.uuid;
    const watcher = await connect(`/v1/channels/${node}/events`, basic('acme'));
    await watcher.take('open');
    const { eventLog } = cloud.store;
    const after = eventLog.after.bind(eventLog);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = vi.spyOn(eventLog, 'after').mockImplementation(async (seq, limit) => {
      await held;
      return after(seq, limit);
    });
    try {
      const old = Array.from({ length: 3 }, (_, i) => temp('ACME-1', T0 - 600_001 + i * 100, 7));
      expect((await ingest(cloud, world.acmeGateway, old)).status).toBe(200);
      const stream = await connect(
        `/v1/channels/${node}/events?since=${T0 - 700_000}`,
        basic('acme'),
      );
      await stream.take('open');
      const replayed = stream.takeTimeslices().flatMap((message) => message.items);
      const times = replayed.map((item) => item.ts as number);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.slice(0, 3)).toEqual(old.map((message) => message.ts));
      release();
      // The hub has read the batch when the stream that was open before it gets it.
      expect((await watcher.take('timeslices')).data).toHaveLength(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.takeTimeslices()).toEqual([]);
    } finally {
      release();
      hold.mockRestore();
    }
  });

  it('replays from history when the event log no longer holds Last-Event-ID', async () => {
    const path = `/v1/channels/${world.nodes.x.node.uuid}/events`;
    const first = await connect(path);
    await first.take('open');
    const at = nextTs();
    await send(temp('VAN-X', at, 11));
    const seen = await first.take('timeslices');
    first.close();
    const later = nextTs();
    await send(temp('VAN-X', later, 12));
    await cloud.store.eventLog.trim(Number.MAX_SAFE_INTEGER);

    const again = await connect(path, { ...basic('admin'), 'last-event-id': seen.id ?? '' });
    const replay = await again.take('timeslices');
    expect((replay.data as Timeslice[]).map((item) => item.ts)).toContain(later);
    expect(await again.take('open')).toMatchObject({
      data: { replayed: 'history', missed: false },
    });
  });

  it('streams the fleet: every node in reach whose history may be read, as its node’s history', async () => {
    const stream = await connect('/v1/events', basic('fleet'));
    await stream.take('open');
    const at = nextTs();
    await send(temp('VAN-W', at, 1), temp('VAN-X', at, 1));
    expect((await ingest(cloud, world.acmeGateway, [temp('ACME-1', at, 1)])).json).toMatchObject({
      accepted: 1,
    });
    await send(temp('VAN-S', at, 2), gps('VAN-N', at, 52.3, 4.9));
    const message = await stream.take('timeslices');
    const items = message.data as Timeslice[];
    expect(items.map((item) => [item.channelName, item.nodeName, item.type])).toEqual([
      ['Van South', 'Van South', 'TEMP'],
      ['Van North', 'Van North', 'GPS'],
    ]);
    expect(items[0]?.channelUuid).toBe(world.nodes.s.node.uuid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.takeTimeslices()).toEqual([]);
  });

  it('ends a stream whose access is gone, saying why', async () => {
    const stream = await connect(`/v1/channels/${world.nodes.s.node.uuid}/events`, basic('fleet'));
    await stream.take('open');
    const south = world.groups.south.uuid;
    const removed = await cloud.call('DELETE', `/v1/groups/${south}/${world.nodes.s.node.uuid}`);
    expect(removed.status).toBe(200);
    expect((await stream.take('end', 3_000)).data).toEqual({
      status: 'NOT_FOUND',
      reason: 'out-of-reach',
      message: 'The channel is no longer within your reach.',
    });
    await stream.ended;
    expect(stream.closed).toBe(true);
    const back = await cloud.call('POST', `/v1/groups/${south}/${world.nodes.s.node.uuid}`);
    expect(back.status).toBe(200);
  });

  it('ends every stream when the instance stops, telling clients to reconnect', async () => {
    const other = await listenTestCloud();
    const stream = await TestEventStream.open(`${other.url}/v1/events`, basic('admin'));
    await stream.take('open');
    await other.close();
    expect((await stream.take('end')).data).toMatchObject({
      status: 'SERVICE_UNAVAILABLE',
      reason: 'shutdown',
    });
  });
});

describe('live streams with bearer tokens', () => {
  let cloud: ListeningCloud;

  beforeAll(async () => {
    cloud = await listenTestCloud((url) => ({
      auth: { ...defaultAuthConfig(url), accessTokenTtl: 2 },
    }));
  });
  afterAll(() => cloud.close());

  it('ends the stream when the token expires, with an event saying so; a new token goes on', async () => {
    const token = await tokenFor(cloud, 'admin', 'demo-admin');
    const stream = await TestEventStream.open(`${cloud.url}/v1/events`, bearer(token));
    const opened = await stream.take('open');
    const ended = await stream.take('end', 10_000);
    expect(ended.data).toMatchObject({ status: 'UNAUTHORIZED', reason: 'token-expired' });
    await stream.ended;

    const refused = await fetch(`${cloud.url}/v1/events`, { headers: bearer(token) });
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    const fresh = await tokenFor(cloud, 'admin', 'demo-admin');
    const resumed = await TestEventStream.open(`${cloud.url}/v1/events`, {
      ...bearer(fresh),
      'last-event-id': opened.id ?? '',
    });
    expect((await resumed.take('open')).data).toEqual({ replayed: 'events', missed: false });
    resumed.close();
  });
});
