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
    builder.addHistory([fix(2, 'Van 2', 500, 50)]); // older: changes nothing
    expect(builder.nodes()).toBe(first);
    builder.addHistory([fix(2, 'Van 2', 2000, 51)]);
    const second = builder.nodes();
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    expect(second[1]?.position.lat).toBe(51);
  });
});
