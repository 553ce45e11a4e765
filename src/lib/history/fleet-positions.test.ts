import { describe, expect, it } from 'vitest';
import { slice, testUuid } from '../../test/fake-history.ts';
import { FleetBuilder } from './fleet-positions.ts';

const fix = (n: number, name: string, ts: number, lat = 52.3) =>
  slice({ nodeUuid: testUuid(n), nodeName: name, ts, type: 'GPS', value: { lat, lon: 4.9 } });

describe('FleetBuilder', () => {
  it('lists nodes as people sort names, and from the extension as from history', () => {
    const builder = new FleetBuilder();
    builder.addHistory([fix(1, 'Van 10', 1000), fix(2, 'van 2', 1000)]);
    builder.addLatest([
      {
        nodeUuid: testUuid(3),
        nodeName: 'Van 1',
        lastSeen: 900,
        gps: { ts: 800, value: { lat: 52.4, lon: 4.8, hdop: 1.2 } },
        temp: { ts: 900, value: { temperature: 4 } },
      },
      // Moving off (stationary false) carries no position: the node is not on the map.
      {
        nodeUuid: testUuid(4),
        nodeName: 'Van 3',
        lastSeen: 900,
        gps: { ts: 900, value: { stationary: false } },
      },
    ]);
    expect(builder.nodes().map((node) => node.nodeName)).toEqual(['Van 1', 'van 2', 'Van 10']);
    expect(builder.nodes()[0]).toEqual({
      nodeUuid: testUuid(3),
      nodeName: 'Van 1',
      position: { ts: 800, lat: 52.4, lon: 4.8, hdop: 1.2, calculated: false },
      lastSeen: 900,
      lastTemperature: { value: 4, ts: 900 },
    });
  });

  it('hands back the same objects for what did not change, so a page re-renders only what is new', () => {
    const builder = new FleetBuilder();
    builder.addHistory([fix(1, 'Van 1', 1000), fix(2, 'Van 2', 1000)]);
    const first = builder.nodes();
    expect(builder.nodes()).toBe(first);
    builder.addHistory([fix(2, 'Van 2', 1000, 50)]); // the same instant: changes nothing
    expect(builder.nodes()).toBe(first);
    builder.addHistory([fix(2, 'Van 2', 2000, 51)]);
    const second = builder.nodes();
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    expect(second[1]?.position.lat).toBe(51);
  });

  it('tells moving from parked: a departure, the speed between fixes, a fix that says stationary', () => {
    const builder = new FleetBuilder();
    const gps = (ts: number, value: Record<string, unknown>) =>
      slice({ nodeUuid: testUuid(1), nodeName: 'Van 1', ts, type: 'GPS', value });
    const s = 1000;
    builder.addHistory([gps(1000 * s, { lat: 52.3, lon: 4.9, stationary: true })]);
    expect(builder.nodes()[0]?.motion).toEqual({ moving: false, ts: 1000 * s });
    // Moving off carries no position (section 2.3): the node stays where it was, now moving.
    builder.addHistory([gps(2000 * s, { stationary: false })]);
    expect(builder.nodes()[0]).toMatchObject({
      motion: { moving: true, ts: 2000 * s },
      position: { ts: 1000 * s },
    });
    // A fix 110 m further on 30 s later (13 km/h): moving, and the map glides it from the last place.
    builder.addHistory([gps(2030 * s, { lat: 52.301, lon: 4.9 })]);
    expect(builder.nodes()[0]).toMatchObject({
      motion: { moving: true, ts: 2030 * s },
      position: { lat: 52.301 },
      from: { lat: 52.3 },
    });
    // The same place a minute later (GPS jitter of a few metres): not moving, nothing to glide.
    builder.addHistory([gps(2090 * s, { lat: 52.30101, lon: 4.90001 })]);
    const still = builder.nodes()[0];
    expect(still?.motion).toEqual({ moving: false, ts: 2090 * s });
    expect(still?.from).toBeUndefined();
  });

  it('judges a node by its two newest fixes whatever order they arrive in (history comes newest first)', () => {
    const drive = [
      fix(1, 'Van 1', 600_000, 52.31), // 1.1 km in a minute: driving
      fix(1, 'Van 1', 540_000, 52.3),
      fix(1, 'Van 1', 480_000, 52.29),
    ];
    const newestFirst = new FleetBuilder();
    newestFirst.addHistory(drive);
    const oldestFirst = new FleetBuilder();
    for (const item of [...drive].reverse()) oldestFirst.addHistory([item]);
    for (const builder of [newestFirst, oldestFirst]) {
      expect(builder.nodes()[0]).toMatchObject({
        motion: { moving: true, ts: 600_000 },
        before: { ts: 540_000, lat: 52.3 },
      });
    }
    // The extension answers one fix per node: asked again a little before, it gives the one before.
    const latest = (ts: number, lat: number) => ({
      nodeUuid: testUuid(1),
      nodeName: 'Van 1',
      lastSeen: ts,
      gps: { ts, value: { lat, lon: 4.9 } },
    });
    const fromExtension = new FleetBuilder();
    fromExtension.addLatest([latest(540_000, 52.3)]);
    fromExtension.addLatest([latest(600_000, 52.31)]);
    expect(fromExtension.nodes()[0]?.motion).toEqual({ moving: true, ts: 600_000 });
  });

  it('takes nodes another builder made, and a stream moves them on', () => {
    const loaded = new FleetBuilder();
    loaded.addHistory([fix(1, 'Van 1', 1000), fix(2, 'Van 2', 1000)]);
    const live = new FleetBuilder();
    live.addNodes(loaded.nodes());
    live.addHistory([fix(2, 'Van 2', 2000, 52.31)]);
    const nodes = live.nodes();
    expect(nodes.map((n) => [n.nodeName, n.position.lat])).toEqual([
      ['Van 1', 52.3],
      ['Van 2', 52.31],
    ]);
    expect(nodes[1]?.from?.lat).toBe(52.3);
  });
});
