import { describe, expect, it } from 'vitest';
import { distanceM } from '../../../contract/distance.ts';
import { channelRecord as record } from '../../test/channel-record.ts';
import { slice, testUuid } from '../../test/fake-history.ts';
import { AlarmRules } from './alarm-rules.ts';
import { LocalAlarmBook } from './local-alarm-book.ts';

const MIN = 60_000;
const HOLD_OFF = 10 * MIN;
const T = Date.UTC(2026, 10, 26, 6, 0, 0);

/** About 111 m per 0.001° of latitude. */
const depot = { name: 'Depot', lat: 52, lon: 5, radius: 200 };
const customer = { name: 'Customer', lat: 52.005, lon: 5, radius: 200 };
const IN_DEPOT = 52;
const OUTSIDE = 52.01;
const IN_CUSTOMER = 52.005;

const van = record(3, 'NODE', 'Van 07', { places: [customer] });
const other = record(6, 'NODE', 'Van 08');
const deliveries = record(1, 'GROUP', 'Deliveries', { alarmOnPlaces: true, places: [depot] });
const quietGroup = record(2, 'GROUP', 'Depot only', { places: [depot] });

const at = (minutes: number, lat: number, node = van) =>
  slice({
    ts: T + minutes * MIN,
    type: 'GPS',
    value: { lat, lon: 5 },
    nodeUuid: node.uuid,
    nodeName: node.name,
    sensorUuid: testUuid(node === van ? 4 : 7),
    sensorName: 'gps',
  });

const rules = (group = deliveries, members = [van]) =>
  new AlarmRules([van, other], [], [{ group, members }]);

const placeAlarms = (book: LocalAlarmBook) => book.list().filter((a) => a.kind === 'place');

describe('place alarms the console raises from a cloud without them', () => {
  it('raises on entering a place of the node or its group, once, and clears after the hold-off outside', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    const r = rules();
    book.addReadings([at(0, OUTSIDE), at(5, IN_DEPOT), at(6, IN_DEPOT)], r);
    expect(placeAlarms(book)).toEqual([
      expect.objectContaining({
        kind: 'place',
        severity: 'warning',
        state: 'raised',
        tenant: 'demo',
        channelUuid: van.uuid,
        nodeUuid: van.uuid,
        nodeName: 'Van 07',
        place: depot,
        raisedAt: T + 5 * MIN,
      }),
    ]);
    // Outside for less than the hold-off, then back: GPS scatter, the same stay.
    book.addReadings([at(8, OUTSIDE), at(12, IN_DEPOT)], r);
    expect(placeAlarms(book)).toHaveLength(1);
    expect(placeAlarms(book)[0]?.state).toBe('raised');
    // Outside for the hold-off: cleared at the position that completed it.
    book.addReadings([at(20, OUTSIDE), at(29, OUTSIDE), at(30, OUTSIDE)], r);
    expect(placeAlarms(book)).toEqual([
      expect.objectContaining({ state: 'cleared', cleared: { at: T + 30 * MIN } }),
    ]);
    // Entering again later is a new stay, a new alarm.
    book.addReadings([at(40, IN_DEPOT)], r);
    expect(placeAlarms(book).map((a) => [a.state, a.raisedAt])).toEqual([
      ['raised', T + 40 * MIN],
      ['cleared', T + 5 * MIN],
    ]);
  });

  it('counts a position on the radius as inside, and one a metre beyond as outside', () => {
    const edge = { lat: 52.0018, lon: 5 };
    const radius = distanceM(depot.lat, depot.lon, edge.lat, edge.lon);
    const onEdge = record(1, 'GROUP', 'Deliveries', {
      alarmOnPlaces: true,
      places: [{ ...depot, radius }],
    });
    const inside = new LocalAlarmBook(HOLD_OFF);
    inside.addReadings([at(0, edge.lat)], rules(onEdge));
    expect(placeAlarms(inside)).toHaveLength(1);
    const beyond = record(1, 'GROUP', 'Deliveries', {
      alarmOnPlaces: true,
      places: [{ ...depot, radius: radius - 1 }],
    });
    const outside = new LocalAlarmBook(HOLD_OFF);
    outside.addReadings([at(0, edge.lat)], rules(beyond));
    expect(placeAlarms(outside)).toEqual([]);
  });

  it('driving straight from one place into another ends the first stay there and raises the next', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    book.addReadings([at(0, IN_DEPOT), at(3, IN_CUSTOMER)], rules());
    expect(placeAlarms(book).map((a) => [a.place?.name, a.state, a.cleared?.at])).toEqual([
      ['Customer', 'raised', undefined],
      ['Depot', 'cleared', T + 3 * MIN],
    ]);
  });

  it('a gap in the data changes nothing, and reading the same positions again raises nothing twice', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    const r = rules();
    book.addReadings([at(0, IN_DEPOT), at(1, OUTSIDE)], r);
    // An hour without positions: the stay is not judged until one comes.
    book.addReadings([], r);
    expect(placeAlarms(book)[0]?.state).toBe('raised');
    // The next read overlaps the last one (late readings), in another order.
    book.addReadings([at(1, OUTSIDE), at(0, IN_DEPOT), at(61, IN_DEPOT)], r);
    expect(placeAlarms(book)).toEqual([expect.objectContaining({ state: 'raised', raisedAt: T })]);
    // A late position older than the newest one evaluated changes nothing.
    book.addReadings([at(30, OUTSIDE), at(50, OUTSIDE)], r);
    expect(placeAlarms(book)[0]?.state).toBe('raised');
  });

  it('gives the same stay the same id when read again; a person’s clear holds while the node stays', () => {
    const readings = [at(0, IN_DEPOT), at(5, IN_DEPOT)];
    const first = new LocalAlarmBook(HOLD_OFF);
    first.addReadings(readings, rules());
    const id = placeAlarms(first)[0]?.id ?? '';
    const reopened = new LocalAlarmBook(HOLD_OFF);
    reopened.setDecisions({
      [id]: { cleared: { by: 'fleet', at: T + 6 * MIN, comment: 'Expected there' } },
    });
    reopened.addReadings(readings, rules());
    reopened.addReadings([at(20, IN_DEPOT), at(25, OUTSIDE), at(40, OUTSIDE)], rules());
    expect(placeAlarms(reopened)).toEqual([
      expect.objectContaining({
        id,
        state: 'cleared',
        cleared: expect.objectContaining({ by: 'fleet' }),
      }),
    ]);
    // Having left, coming back raises again.
    reopened.addReadings([at(50, IN_DEPOT)], rules());
    expect(placeAlarms(reopened).map((a) => a.state)).toEqual(['raised', 'cleared']);
  });

  it('watches only where a node or group asks alarmOnPlaces, and reads those nodes', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    // The group names the depot but does not ask: nothing is raised, nothing read.
    const quiet = rules(quietGroup);
    book.addReadings([at(0, IN_DEPOT), at(1, IN_CUSTOMER)], quiet);
    expect(placeAlarms(book)).toEqual([]);
    expect(quiet.targets).toEqual([]);
    expect(quiet.placesOf(van.uuid)).toEqual([]);
    // Asking: the group's places pooled with the node's own; a node outside the group is not.
    const asking = rules();
    expect(asking.targets.map((target) => target.name)).toEqual(['Deliveries']);
    expect(asking.placesOf(van.uuid)).toEqual([customer, depot]);
    expect(asking.placesOf(other.uuid)).toEqual([]);
    book.addReadings([at(0, IN_DEPOT, other)], asking);
    expect(placeAlarms(book)).toEqual([]);
  });

  it('a node that asks for itself, outside any group, is read on its own', () => {
    const lone = record(9, 'NODE', 'Lone 01', { alarmOnPlaces: true, places: [depot] });
    const r = new AlarmRules([lone], [], []);
    expect(r.targets).toEqual([{ uuid: lone.uuid, name: 'Lone 01' }]);
    expect(r.watched).toBe(1);
  });
});
