import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { AlarmPushEvent, type Alarm, type AlarmPage } from '../../contract/alarms.ts';
import type { AuditEntry, AuditPage } from '../../contract/audit.ts';
import { startReceiver } from '../test/receiver.ts';
import { listenTestCloud, type ListeningCloud } from '../test/listen.ts';
import { TestEventStream } from '../test/event-stream.ts';
import { T0, type DemoUser, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { expectError } from '../test/assertions.ts';
import { ingest, temp } from '../test/fixtures.ts';
import { buildWorld, type World } from '../test/world.ts';

const MIN = 60_000;

async function alarms(
  cloud: TestCloud,
  query: Record<string, string> = {},
  as: DemoUser = 'admin',
): Promise<AlarmPage> {
  const answer = await cloud.call('GET', '/v1/alarms', { query, as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as AlarmPage;
}

async function setProperties(cloud: TestCloud, uuid: string, properties: unknown) {
  const answer = await cloud.call('PUT', `/v1/channels/${uuid}/properties`, {
    query: { properties: JSON.stringify(properties) },
  });
  expect(answer.status, answer.text).toBe(200);
}

/** Readings at T0 + minutes; the cloud's clock moves with them (it refuses the future). */
async function temps(world: Scene, serial: string, points: [minutes: number, celsius: number][]) {
  const { clock } = world.cloud;
  for (const [minutes] of points) clock.now = Math.max(clock.now, T0 + minutes * MIN);
  const answer = await ingest(
    world.cloud,
    world.gateway,
    points.map(([minutes, celsius]) => temp(serial, T0 + minutes * MIN, celsius)),
  );
  expect(answer.json).toMatchObject({ rejected: [] });
}

type Scene = World & { cloud: TestCloud };

async function scene(cloud: TestCloud): Promise<Scene> {
  const world = await buildWorld(cloud);
  // North's members keep 0–8 °C; West's sensor has its own band, nearer, with a delay.
  // Raised at the first reading out (no delay), so each test says only what it is about.
  await setProperties(cloud, world.groups.north.uuid, {
    temperature: { min: 0, max: 8, delayMinutes: 0 },
  });
  await setProperties(cloud, world.nodes.w.sensors.temp, {
    temperature: { max: 5, delayMinutes: 10 },
  });
  return { ...world, cloud };
}

describe('alarms: raised and cleared by the readings (extension)', () => {
  const suite = useCloud(scene, { alarmHoldOffMinutes: 0 });
  const world = () => ({ ...suite.data, cloud: suite.cloud });

  it('a reading out of the band raises one alarm, with its reading, its peak, and clears when back in', async () => {
    const { cloud, nodes } = world();
    expect((await alarms(cloud)).alarms).toEqual([]);
    // The same out reading twice (heard by two gateways) is one reading and one alarm.
    await temps(world(), 'VAN-N', [
      [1, 11],
      [1, 11],
    ]);
    await temps(world(), 'VAN-N', [
      [2, 14],
      [3, 12],
    ]);
    const [raised, ...others] = (await alarms(cloud)).alarms;
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      kind: 'temperature',
      severity: 'critical',
      state: 'raised',
      tenant: 'demo',
      channelUuid: nodes.n.sensors.temp,
      channelName: 'Van North/temp',
      nodeUuid: nodes.n.node.uuid,
      nodeName: 'Van North',
      direction: 'above',
      limits: { min: 0, max: 8 },
      raisedAt: T0 + 1 * MIN,
      raisedBy: { ts: T0 + 1 * MIN, value: 11 },
      peak: { ts: T0 + 2 * MIN, value: 14 },
    });
    expect(raised?.cleared).toBeUndefined();
    await temps(world(), 'VAN-N', [[4, 6]]);
    const [cleared] = (await alarms(cloud)).alarms;
    expect(cleared).toMatchObject({
      id: raised?.id,
      state: 'cleared',
      cleared: { at: T0 + 4 * MIN },
    });
    expect(cleared?.cleared?.by).toBeUndefined();
  });

  it('a delay: an excursion shorter than it raises nothing, a longer one raises after it', async () => {
    const { cloud, nodes } = world();
    const channel = nodes.w.sensors.temp;
    await temps(world(), 'VAN-W', [
      [1, 7],
      [6, 8],
      [9, 4],
    ]);
    expect((await alarms(cloud, { channel })).alarms).toEqual([]);
    await temps(world(), 'VAN-W', [
      [20, 7],
      [25, 9],
    ]);
    expect((await alarms(cloud, { channel })).alarms).toEqual([]);
    await temps(world(), 'VAN-W', [[30, 9]]);
    const [raised] = (await alarms(cloud, { channel })).alarms;
    expect(raised).toMatchObject({
      limits: { max: 5 },
      excursionStart: { ts: T0 + 20 * MIN, value: 7 },
      raisedAt: T0 + 30 * MIN,
      state: 'raised',
    });
  });

  it('reach and permissions are history’s: fleet sees its groups’ alarms, support none', async () => {
    const { cloud, nodes, groups } = world();
    const all = (await alarms(cloud)).alarms.map((alarm) => alarm.nodeName);
    expect(new Set(all)).toEqual(new Set(['Van North', 'Van West']));
    expect((await alarms(cloud, {}, 'fleet')).alarms.map((a) => a.nodeName)).toEqual(['Van North']);
    expect((await alarms(cloud, {}, 'support')).alarms).toEqual([]);
    expectError(
      await cloud.call('GET', '/v1/alarms', {
        query: { channel: groups.north.uuid },
        as: 'support',
      }),
      403,
    );
    expectError(
      await cloud.call('GET', '/v1/alarms', { query: { channel: nodes.w.node.uuid }, as: 'fleet' }),
      404,
    );
    const north = await alarms(cloud, { channel: groups.north.uuid }, 'fleet');
    expect(north.alarms.map((a) => a.nodeName)).toEqual(['Van North']);
  });

  it('filters by state and kind, pages with a cursor, and refuses what it cannot read', async () => {
    const { cloud } = world();
    expect((await alarms(cloud, { state: 'cleared' })).alarms.map((a) => a.nodeName)).toEqual([
      'Van North',
    ]);
    expect((await alarms(cloud, { state: 'active' })).alarms.map((a) => a.nodeName)).toEqual([
      'Van West',
    ]);
    expect((await alarms(cloud, { kind: 'silence' })).alarms).toEqual([]);
    const first = await alarms(cloud, { count: '1' });
    expect(first.alarms).toHaveLength(1);
    expect(first.next).toBeDefined();
    const second = await alarms(cloud, { count: '1', cursor: first.next ?? '' });
    expect(second.alarms[0]?.id).not.toBe(first.alarms[0]?.id);
    const third = await alarms(cloud, { count: '1', cursor: second.next ?? '' });
    expect(third.alarms).toEqual([]);
    const refused: Record<string, string>[] = [
      { state: 'open' },
      { kind: 'smoke' },
      { severity: 'urgent' },
      { cursor: 'abc' },
      { from: '10', to: '5' },
      { count: '0' },
      { channel: 'not-a-uuid' },
    ];
    for (const query of refused) {
      expectError(await cloud.call('GET', '/v1/alarms', { query }), 400);
    }
  });

  it('filters by severity and group, and pages through all of a filter with the cursor (issue 34)', async () => {
    const { cloud, groups } = world();
    const names = async (query: Record<string, string>) =>
      (await alarms(cloud, query)).alarms.map((a) => `${a.nodeName} ${a.severity}`);
    // Van North went 6 °C beyond its limit: critical; Van West 4 °C beyond its own: major.
    expect(await names({ severity: 'critical' })).toEqual(['Van North critical']);
    expect(await names({ severity: 'major' })).toEqual(['Van West major']);
    expect(await names({ severity: 'warning' })).toEqual([]);
    expect(await names({ channel: groups.north.uuid })).toEqual(['Van North critical']);
    expect(await names({ channel: groups.north.uuid, severity: 'major' })).toEqual([]);
    // More alarms than a page, each raised and cleared: every one once, newest first.
    for (let i = 0; i < 5; i++) {
      const at = 100 + i * 10;
      await temps(world(), 'VAN-N', [
        [at, 9],
        [at + 1, 4],
      ]);
    }
    const paged: Alarm[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await alarms(cloud, {
        kind: 'temperature',
        severity: 'warning',
        count: '2',
        ...(cursor ? { cursor } : {}),
      });
      paged.push(...page.alarms);
      cursor = page.next;
      pages++;
    } while (cursor !== undefined && pages < 10);
    expect(paged.map((a) => a.raisedAt)).toEqual(
      [140, 130, 120, 110, 100].map((m) => T0 + m * MIN),
    );
    expect(new Set(paged.map((a) => a.id)).size).toBe(5);
    expect(pages).toBe(3);
  });
});

/** The audit trail's entries of one kind of decision on alarms, as admin reads them. */
async function decisions(cloud: TestCloud, kind: string): Promise<AuditEntry[]> {
  const answer = await cloud.call('GET', '/v1/audit', { as: 'admin', query: { kind } });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as AuditPage).entries;
}

describe('alarms: acknowledged and cleared by people (extension)', () => {
  const suite = useCloud(scene, { alarmHoldOffMinutes: 0 });
  const world = () => ({ ...suite.data, cloud: suite.cloud });
  const post = (id: string, action: string, body: unknown, as: DemoUser = 'admin') =>
    suite.cloud.call('POST', `/v1/alarms/${id}/${action}`, { body, as });

  it('whoever sees an alarm acknowledges it once, with a comment', async () => {
    const { cloud } = world();
    await temps(world(), 'VAN-N', [[1, 12]]);
    const [raised] = (await alarms(cloud, {}, 'fleet')).alarms;
    const id = raised?.id ?? '';
    // Support reaches North but may not read its history: 403, as history answers.
    expectError(await post(id, 'acknowledge', { comment: 'x' }, 'support'), 403);
    const acknowledged = await post(id, 'acknowledge', { comment: 'Driver called' }, 'fleet');
    expect(acknowledged.status, acknowledged.text).toBe(200);
    expect(acknowledged.json).toMatchObject({
      id,
      state: 'acknowledged',
      acknowledged: { by: 'fleet', at: cloud.clock.now, comment: 'Driver called' },
    });
    expectError(await post(id, 'acknowledge', {}, 'admin'), 409);
    // The audit trail holds the one acknowledgement, not the refused attempts.
    expect(await decisions(cloud, 'alarm.acknowledged')).toEqual([
      expect.objectContaining({
        actor: 'fleet',
        subject: id,
        channel: expect.objectContaining({ name: expect.any(String) }),
        after: { kind: 'temperature', comment: 'Driver called' },
      }),
    ]);
    expect((await alarms(cloud, { state: 'raised' })).alarms).toEqual([]);
    expect((await alarms(cloud, { state: 'acknowledged' })).alarms.map((a) => a.id)).toEqual([id]);
  });

  it('clearing by hand needs UPDATE on the node and a comment; the excursion raises no second alarm', async () => {
    const { cloud } = world();
    const [active] = (await alarms(cloud, { state: 'active' })).alarms;
    const id = active?.id ?? '';
    expectError(await post(id, 'clear', { comment: 'Sensor broken' }, 'fleet'), 403);
    expectError(await post(id, 'clear', {}), 400);
    expectError(await post(id, 'clear', { comment: '   ' }), 400);
    expectError(await post(id, 'clear', { comment: 'x'.repeat(1_001) }), 400);
    expectError(await post('0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b', 'clear', { comment: 'x' }), 404);
    const cleared = await post(id, 'clear', { comment: 'Sensor broken' });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json).toMatchObject({
      state: 'cleared',
      cleared: { by: 'admin', at: cloud.clock.now, comment: 'Sensor broken' },
      acknowledged: { by: 'fleet' },
    });
    expectError(await post(id, 'clear', { comment: 'again' }), 409);
    expectError(await post(id, 'acknowledge', {}), 409);
    expect(await decisions(cloud, 'alarm.cleared')).toEqual([
      expect.objectContaining({
        actor: 'admin',
        subject: id,
        after: { kind: 'temperature', comment: 'Sensor broken' },
      }),
    ]);
    // Still out: the same excursion, no new alarm.
    await temps(world(), 'VAN-N', [[2, 13]]);
    expect((await alarms(cloud, { state: 'active' })).alarms).toEqual([]);
    // Back in, then out again: a new excursion, a new alarm.
    await temps(world(), 'VAN-N', [
      [3, 5],
      [4, 10],
    ]);
    const [again] = (await alarms(cloud, { state: 'active' })).alarms;
    expect(again?.id).not.toBe(id);
    expect(again?.raisedAt).toBe(T0 + 4 * MIN);
  });

  it('limits made impossible are refused, as every property is', async () => {
    const { cloud, groups } = world();
    const answer = await cloud.call('PUT', `/v1/channels/${groups.north.uuid}/properties`, {
      query: { properties: JSON.stringify({ temperature: { min: 9, max: 2 } }) },
    });
    expectError(answer, 400);
  });
});

describe('alarms: pushed as Standard Webhooks events (extension)', () => {
  const suite = useCloud(scene, { alarmHoldOffMinutes: 0, pushAllowNetworks: ['loopback'] });
  const world = () => ({ ...suite.data, cloud: suite.cloud });
  const secret = `whsec_${Buffer.from('a 32 byte key for the alarm hook').toString('base64')}`;

  it('alarm.raised and alarm.cleared reach the group’s push address, signed, once each', async () => {
    const { cloud, groups } = world();
    const receiver = await startReceiver();
    try {
      const answer = await cloud.call('PUT', `/v1/channels/${groups.north.uuid}/push`, {
        query: { to: receiver.url, secret, interval: '0' },
      });
      expect(answer.json).toEqual({ status: 'OK' });
      const alarmsIn = () =>
        receiver.received
          .map((received) => ({ received, body: JSON.parse(received.body) as { type?: string } }))
          .filter(({ body }) => body.type?.startsWith('alarm.'));
      await temps(world(), 'VAN-N', [[1, 12]]);
      await temps(world(), 'VAN-N', [[2, 5]]);
      // Two readings and two alarm events.
      await receiver.waitFor(4);
      const events = alarmsIn();
      expect(events.map(({ body }) => body.type)).toEqual(['alarm.raised', 'alarm.cleared']);
      const webhook = new Webhook(secret);
      for (const { received } of events) {
        const verified = webhook.verify(received.body, {
          'webhook-id': String(received.headers['webhook-id']),
          'webhook-timestamp': String(received.headers['webhook-timestamp']),
          'webhook-signature': String(received.headers['webhook-signature']),
        }) as { channelUuid: string; data: { state: string; nodeName: string } };
        expect(verified.channelUuid).toBe(groups.north.uuid);
        expect(verified.data.nodeName).toBe('Van North');
      }
      const [raised, cleared] = events.map(({ body }) => AlarmPushEvent.parse(body));
      expect(raised?.data).toMatchObject({ state: 'raised', raisedBy: { value: 12 } });
      expect(cleared?.data).toMatchObject({ state: 'cleared', id: raised?.data.id });
      // Acknowledging is no push event.
      await cloud.call('POST', `/v1/alarms/${raised?.data.id ?? ''}/acknowledge`, { body: {} });
      await temps(world(), 'VAN-N', [[3, 6]]);
      await receiver.waitFor(5);
      expect(alarmsIn()).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});

describe('alarms: in the live streams (extension)', () => {
  let cloud: ListeningCloud;
  let data: Scene;
  const streams: TestEventStream[] = [];
  const connect = async (path: string, user: DemoUser) => {
    const auth = `Basic ${Buffer.from(`${user}:demo-${user}`).toString('base64')}`;
    const stream = await TestEventStream.open(`${cloud.url}${path}`, { authorization: auth });
    streams.push(stream);
    await stream.take('open');
    return stream;
  };
  beforeAll(async () => {
    cloud = await listenTestCloud(() => ({ alarmHoldOffMinutes: 0 }));
    data = await scene(cloud);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await cloud.close();
  });

  it('a group’s stream and the fleet stream say `alarm` as it is raised, acknowledged and cleared', async () => {
    const group = await connect(`/v1/channels/${data.groups.north.uuid}/events`, 'fleet');
    const fleet = await connect('/v1/events', 'fleet');
    const other = await connect(`/v1/channels/${data.groups.south.uuid}/events`, 'fleet');
    await temps({ ...data, cloud }, 'VAN-N', [[1, 12]]);
    const raised = await group.take('alarm');
    expect(raised.data).toMatchObject({
      type: 'raised',
      alarm: { nodeName: 'Van North', state: 'raised' },
    });
    expect((await fleet.take('alarm')).data).toEqual(raised.data);
    const id = (raised.data as { alarm: { id: string } }).alarm.id;
    const answer = await cloud.call('POST', `/v1/alarms/${id}/acknowledge`, {
      as: 'fleet',
      body: { comment: 'On it' },
    });
    expect(answer.status, answer.text).toBe(200);
    const acknowledged = await group.take('alarm');
    expect(acknowledged.id).toMatch(/^\d+-\d+$/);
    expect(acknowledged.data).toMatchObject({
      type: 'acknowledged',
      alarm: { state: 'acknowledged', acknowledged: { by: 'fleet', comment: 'On it' } },
    });
    await temps({ ...data, cloud }, 'VAN-N', [[2, 4]]);
    expect((await group.take('alarm')).data).toMatchObject({
      type: 'cleared',
      alarm: { state: 'cleared' },
    });
    // South's stream heard the readings of nobody, and no alarm.
    expect(other.pending.filter((message) => message.event === 'alarm')).toEqual([]);
  });
});

describe('alarms: silence (extension)', () => {
  const suite = useCloud(scene, { alarmHoldOffMinutes: 0 });
  const world = () => ({ ...suite.data, cloud: suite.cloud });

  it('a node quiet for longer than its own or its group’s silentAfterMinutes raises one alarm; its next message clears it', async () => {
    const { cloud, nodes, groups } = world();
    await setProperties(cloud, nodes.s.node.uuid, { silentAfterMinutes: 5 });
    await setProperties(cloud, groups.west.uuid, { silentAfterMinutes: 20 });
    const check = (minutes: number) => cloud.services.silence.check(T0 + minutes * MIN);
    // Heard last at T0 − 30 s.
    expect(await check(4)).toBe(0);
    expect(await check(6)).toBe(1);
    expect(await check(7)).toBe(0);
    const [silent, ...others] = (await alarms(cloud, { kind: 'silence' }, 'fleet')).alarms;
    expect(others).toEqual([]);
    expect(silent).toMatchObject({
      kind: 'silence',
      severity: 'major',
      state: 'raised',
      channelUuid: nodes.s.node.uuid,
      nodeName: 'Van South',
      raisedAt: T0 + 6 * MIN,
    });
    expect(await check(21)).toBe(1);
    expect(
      (await alarms(cloud, { kind: 'silence', state: 'raised' })).alarms.map((a) => a.nodeName),
    ).toEqual(['Van West', 'Van South']);
    cloud.clock.now = T0 + 22 * MIN;
    const answer = await ingest(cloud, suite.data.gateway, [temp('VAN-S', T0 + 22 * MIN, 4)]);
    expect(answer.json).toMatchObject({ accepted: 1 });
    const [cleared] = (await alarms(cloud, { kind: 'silence', channel: nodes.s.node.uuid })).alarms;
    expect(cleared).toMatchObject({ state: 'cleared', cleared: { at: T0 + 22 * MIN } });
    // Quiet again: a new alarm.
    expect(await check(28)).toBe(1);
  });
});
