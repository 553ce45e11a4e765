import { describe, expect, it } from 'vitest';
import type { AlarmPage } from '../../contract/alarms.ts';
import { T0, type DemoUser, type TestCloud } from '../test/harness.ts';
import { useCloud } from '../test/lifecycle.ts';
import { gps, ingest } from '../test/fixtures.ts';
import { buildWorld, type World } from '../test/world.ts';

const MIN = 60_000;
/** About 111 m per 0.001° of latitude: the depot's 300 m circle holds DEPOT, not AWAY. */
const depot = { name: 'Depot Zaandam', lat: 52.44, lon: 4.82, radius: 300 };
const DEPOT = 52.4405;
const AWAY = 52.46;

type Scene = World & { cloud: TestCloud };

async function setProperties(cloud: TestCloud, uuid: string, properties: unknown) {
  const answer = await cloud.call('PUT', `/v1/channels/${uuid}/properties`, {
    query: { properties: JSON.stringify(properties) },
  });
  expect(answer.status, answer.text).toBe(200);
}

async function scene(cloud: TestCloud): Promise<Scene> {
  const world = await buildWorld(cloud);
  // South asks for alarms on its depot; North names the same depot but asks for none.
  await setProperties(cloud, world.groups.south.uuid, { places: [depot], alarmOnPlaces: true });
  await setProperties(cloud, world.groups.north.uuid, { places: [depot] });
  return { ...world, cloud };
}

async function placeAlarms(cloud: TestCloud, as: DemoUser = 'admin'): Promise<AlarmPage> {
  const answer = await cloud.call('GET', '/v1/alarms', { query: { kind: 'place' }, as });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as AlarmPage;
}

/** Positions at T0 + minutes (the cloud's clock moves with them: it refuses the future). */
async function drive(world: Scene, serial: string, points: [minutes: number, lat: number][]) {
  const { clock } = world.cloud;
  for (const [minutes] of points) clock.now = Math.max(clock.now, T0 + minutes * MIN);
  const answer = await ingest(
    world.cloud,
    world.gateway,
    points.map(([minutes, lat]) => gps(serial, T0 + minutes * MIN, lat, 4.82)),
  );
  expect(answer.json).toMatchObject({ rejected: [] });
}

describe('alarms: entering and leaving places (extension)', () => {
  const suite = useCloud(scene, { alarmHoldOffMinutes: 0 });
  const world = () => ({ ...suite.data, cloud: suite.cloud });

  it('a node of a group that asks alarmOnPlaces raises one alarm entering its place, cleared leaving it', async () => {
    const { cloud, nodes } = world();
    await drive(world(), 'VAN-S', [[1, AWAY]]);
    expect((await placeAlarms(cloud)).alarms).toEqual([]);
    // The same position twice (heard by two gateways) and one more inside: one alarm.
    await drive(world(), 'VAN-S', [
      [2, DEPOT],
      [2, DEPOT],
    ]);
    await drive(world(), 'VAN-S', [[3, DEPOT]]);
    const [entered, ...others] = (await placeAlarms(cloud, 'fleet')).alarms;
    expect(others).toEqual([]);
    expect(entered).toMatchObject({
      kind: 'place',
      severity: 'warning',
      state: 'raised',
      channelUuid: nodes.s.node.uuid,
      nodeUuid: nodes.s.node.uuid,
      nodeName: 'Van South',
      place: depot,
      raisedAt: T0 + 2 * MIN,
    });
    expect(entered?.cleared).toBeUndefined();
    await drive(world(), 'VAN-S', [[4, AWAY]]);
    const [left] = (await placeAlarms(cloud)).alarms;
    expect(left).toMatchObject({
      id: entered?.id,
      state: 'cleared',
      cleared: { at: T0 + 4 * MIN },
    });
    // Back in: a new stay, a new alarm.
    await drive(world(), 'VAN-S', [[9, DEPOT]]);
    expect((await placeAlarms(cloud)).alarms.map((a) => [a.state, a.raisedAt])).toEqual([
      ['raised', T0 + 9 * MIN],
      ['cleared', T0 + 2 * MIN],
    ]);
  });

  it('places of a group that does not ask raise nothing; a node may ask for its groups’ places', async () => {
    const { cloud, nodes } = world();
    await drive(world(), 'VAN-N', [[11, DEPOT]]);
    expect((await placeAlarms(cloud)).alarms.map((a) => a.nodeName)).not.toContain('Van North');
    await setProperties(cloud, nodes.n.node.uuid, { alarmOnPlaces: true });
    await drive(world(), 'VAN-N', [[12, DEPOT]]);
    const north = (await placeAlarms(cloud)).alarms.filter((a) => a.nodeName === 'Van North');
    expect(north).toMatchObject([{ state: 'raised', place: depot, raisedAt: T0 + 12 * MIN }]);
  });

  it('an alarm on places that is not true or false is refused and changes nothing', async () => {
    const { cloud, groups } = world();
    const answer = await cloud.call('PUT', `/v1/channels/${groups.west.uuid}/properties`, {
      query: { properties: JSON.stringify({ places: [depot], alarmOnPlaces: 'yes' }) },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: 'BAD_REQUEST' });
    const west = await cloud.call('GET', `/v1/channels/${groups.west.uuid}`);
    expect(JSON.stringify(west.json)).not.toContain('alarmOnPlaces');
  });

  it('a place drawn as a polygon holds what it encloses: its notch, within the circle around it, does not', async () => {
    const { cloud, groups } = world();
    // An L-shaped yard; at longitude 4.82 it spans 52.500 to 52.502, and 52.503 is its notch.
    const yard = {
      name: 'Yard West',
      polygon: [
        [52.5, 4.818],
        [52.5, 4.822],
        [52.502, 4.822],
        [52.502, 4.8195],
        [52.504, 4.8195],
        [52.504, 4.818],
      ],
    };
    await setProperties(cloud, groups.west.uuid, { places: [yard], alarmOnPlaces: true });
    await drive(world(), 'VAN-W', [[21, 52.503]]);
    const west = async () =>
      (await placeAlarms(cloud)).alarms.filter((a) => a.nodeName === 'Van West');
    expect(await west()).toEqual([]);
    await drive(world(), 'VAN-W', [[22, 52.501]]);
    expect(await west()).toMatchObject([
      { state: 'raised', place: { name: 'Yard West', polygon: yard.polygon } },
    ]);
    await drive(world(), 'VAN-W', [[23, 52.503]]);
    expect(await west()).toMatchObject([{ state: 'cleared' }]);
  });
});
