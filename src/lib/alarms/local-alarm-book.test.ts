import { describe, expect, it } from 'vitest';
import { channelRecord as record } from '../../test/channel-record.ts';
import { slice } from '../../test/fake-history.ts';
import { AlarmRules } from './alarm-rules.ts';
import { LocalAlarmBook } from './local-alarm-book.ts';

const MIN = 60_000;
const HOLD_OFF = 10 * MIN;
const T = Date.UTC(2026, 10, 26, 3, 0, 0);

const reefer = record(3, 'NODE', 'Reefer 02');
const sensor = record(4, 'SENSOR', 'Reefer 02/temp');
const lone = record(5, 'NODE', 'Lone 01', { silentAfterMinutes: 5 });
const quietVan = record(6, 'NODE', 'Van 09');
const chilled = record(1, 'GROUP', 'Chilled', { temperature: { min: 0, max: 8, delayMinutes: 5 } });

const temp = (minutes: number, value: number) =>
  slice({
    ts: T + minutes * MIN,
    type: 'TEMP',
    value: { temperature: value },
    nodeUuid: reefer.uuid,
    nodeName: reefer.name,
    sensorUuid: sensor.uuid,
    sensorName: sensor.name,
  });

const rules = (nodes = [reefer, lone, quietVan], sensors = [sensor]) =>
  new AlarmRules(nodes, sensors, [{ group: chilled, members: [reefer] }]);

describe('the alarms the console raises from a cloud without them', () => {
  it('holds a group’s band with its delay, raises once, keeps the peak and clears after the hold-off', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    const r = rules();
    book.addReadings([temp(0, 5), temp(1, 9), temp(3, 10)], r);
    // Out for 2 of the 5 minutes the group asks for: nothing yet.
    expect(book.list()).toEqual([]);
    book.addReadings([temp(6, 12), temp(8, 11)], r);
    const [raised] = book.list();
    expect(raised).toMatchObject({
      kind: 'temperature',
      // 4 °C beyond the limit (docs/alarms.md: major from 2 °C).
      severity: 'major',
      state: 'raised',
      tenant: 'demo',
      nodeName: 'Reefer 02',
      channelUuid: sensor.uuid,
      direction: 'above',
      limits: { min: 0, max: 8 },
      excursionStart: { ts: T + MIN, value: 9 },
      raisedAt: T + 6 * MIN,
      raisedBy: { ts: T + 6 * MIN, value: 12 },
      peak: { ts: T + 6 * MIN, value: 12 },
    });
    // Back in, out again within the hold-off: the same alarm goes on.
    book.addReadings([temp(9, 7), temp(12, 9), temp(13, 6)], r);
    expect(book.list()).toHaveLength(1);
    expect(book.list()[0]?.state).toBe('raised');
    book.addReadings([temp(22, 6), temp(23, 5)], r);
    expect(book.list()).toEqual([
      expect.objectContaining({ id: raised?.id, state: 'cleared', cleared: { at: T + 23 * MIN } }),
    ]);
  });

  it('lets the nearest limits win: the sensor’s own band over the group’s', () => {
    const own = record(4, 'SENSOR', 'Reefer 02/temp', {
      temperature: { max: 12, delayMinutes: 0 },
    });
    const book = new LocalAlarmBook(HOLD_OFF);
    book.addReadings([temp(0, 10), temp(10, 11)], rules(undefined, [own]));
    expect(book.list()).toEqual([]);
    book.addReadings([temp(11, 13)], rules(undefined, [own]));
    expect(book.list()[0]).toMatchObject({ limits: { max: 12 }, raisedAt: T + 11 * MIN });
  });

  it('without a delay of its own an excursion waits the default 15 minutes, as in the cloud', () => {
    const own = record(4, 'SENSOR', 'Reefer 02/temp', { temperature: { max: 12 } });
    const book = new LocalAlarmBook(HOLD_OFF);
    book.addReadings([temp(0, 13), temp(14, 13)], rules(undefined, [own]));
    expect(book.list()).toEqual([]);
    book.addReadings([temp(15, 13), temp(20, 11)], rules(undefined, [own]));
    expect(book.list()[0]).toMatchObject({
      raisedAt: T + 15 * MIN,
      severity: 'warning',
      state: 'raised',
    });
  });

  it('gives the same excursion the same id when read again, so decisions kept by id still apply', () => {
    const readings = [temp(0, 9), temp(6, 10)];
    const first = new LocalAlarmBook(HOLD_OFF);
    first.addReadings(readings, rules());
    const id = first.list()[0]?.id ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const reopened = new LocalAlarmBook(HOLD_OFF);
    reopened.setDecisions({
      [id]: { acknowledged: { by: 'fleet', at: T + 7 * MIN, comment: 'Doors shut' } },
    });
    reopened.addReadings(readings, rules());
    expect(reopened.list()[0]).toMatchObject({
      id,
      state: 'acknowledged',
      acknowledged: { by: 'fleet', comment: 'Doors shut' },
    });
  });

  it('a person’s clear ends the alarm; the excursion going on raises no second one', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    book.addReadings([temp(0, 9), temp(6, 10)], rules());
    const id = book.list()[0]?.id ?? '';
    book.setDecisions({
      [id]: { cleared: { by: 'fleet', at: T + 7 * MIN, comment: 'Sensor moved' } },
    });
    book.addReadings([temp(8, 11), temp(30, 12)], rules());
    expect(book.list()).toEqual([
      expect.objectContaining({
        id,
        state: 'cleared',
        cleared: expect.objectContaining({ by: 'fleet' }),
      }),
    ]);
  });

  it('raises silence from the moment a node fell quiet, once, and clears it at its next message', () => {
    const book = new LocalAlarmBook(HOLD_OFF);
    const r = rules();
    const heard = (minutes: number) =>
      slice({
        ts: T + minutes * MIN,
        type: 'CONN',
        value: {},
        nodeUuid: lone.uuid,
        nodeName: lone.name,
      });
    book.addReadings([heard(0)], r);
    book.checkSilence(T + 4 * MIN, T - 60 * MIN, r);
    expect(book.list()).toEqual([]);
    book.checkSilence(T + 6 * MIN, T - 60 * MIN, r);
    book.checkSilence(T + 7 * MIN, T - 60 * MIN, r);
    // Van 09 names no silentAfterMinutes: never raised, however quiet.
    expect(book.list()).toEqual([
      expect.objectContaining({
        kind: 'silence',
        severity: 'major',
        nodeName: 'Lone 01',
        raisedAt: T + 5 * MIN,
      }),
    ]);
    book.addReadings([heard(8)], r);
    book.checkSilence(T + 8 * MIN, T - 60 * MIN, r);
    expect(book.list()[0]).toMatchObject({ state: 'cleared', cleared: { at: T + 8 * MIN } });
  });

  it('reads a group once for its members and a node with a rule outside any group on its own', () => {
    const r = rules([reefer, lone, quietVan], [sensor]);
    expect(r.targets.map((target) => target.name)).toEqual(['Chilled', 'Lone 01']);
    expect([...r.quiet.keys()]).toEqual([lone.uuid]);
    expect(r.watched).toBe(2);
  });
});
