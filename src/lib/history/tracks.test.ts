import { describe, expect, it } from 'vitest';
import { slice, testUuid } from '../../test/fake-history.ts';
import { connChanges } from './conn-changes.ts';
import { latestPositions } from './fleet-positions.ts';
import { locationOf } from './gps-track.ts';

const van = { nodeUuid: testUuid(7), nodeName: 'Van 07' };
const truck = { nodeUuid: testUuid(8), nodeName: 'Truck 08' };

describe('locationOf', () => {
  it('refuses coordinates outside the globe', () => {
    expect(locationOf({ lat: 91, lon: 0 })).toBeUndefined();
    expect(locationOf({ lat: 0, lon: 0 })).toEqual({ lat: 0, lon: 0 });
  });

  it('finds no position in moving off, whatever else it holds', () => {
    expect(locationOf({ stationary: false, lat: 9, lon: 9 })).toBeUndefined();
    expect(locationOf({ hdop: 3 })).toBeUndefined();
  });
});

describe('connChanges', () => {
  it('lists when function or version changed, per node', () => {
    const items = [
      slice({ ...van, ts: 50, type: 'CONN', value: { function: 3, version: 12 } }),
      slice({ ...van, ts: 40, type: 'CONN', value: { function: 3, version: 11 } }),
      slice({ ...van, ts: 30, type: 'CONN', value: { function: 3, version: 11 } }),
      slice({ ...truck, ts: 25, type: 'CONN', value: { function: 1 } }),
      slice({ ...van, ts: 20, type: 'CONN', value: { function: 2, version: 11 } }),
    ];
    expect(connChanges(items)).toEqual([
      { ...van, since: 20, lastSeen: 20, function: 2, version: 11 },
      { ...truck, since: 25, lastSeen: 25, function: 1 },
      { ...van, since: 30, lastSeen: 40, function: 3, version: 11 },
      { ...van, since: 50, lastSeen: 50, function: 3, version: 12 },
    ]);
  });
});

describe('latestPositions', () => {
  const answers = [
    [
      slice({ ...van, ts: 90, type: 'TEMP', value: { temperature: 6 } }),
      slice({ ...van, ts: 80, type: 'GPS', value: { stationary: false } }),
      slice({ ...van, ts: 70, type: 'GPS', value: { lat: 52, lon: 5 } }),
      slice({ ...van, ts: 60, type: 'TEMP', value: { temperature: 4 } }),
      slice({ ...van, ts: 50, type: 'GPS', value: { lat: 51, lon: 4 } }),
    ],
    [
      slice({ ...van, ts: 70, type: 'GPS', value: { lat: 52, lon: 5 } }),
      slice({ ...truck, ts: 30, type: 'CONN', value: {} }),
    ],
  ];

  it('gives each node with a position its newest one, last message, last temperature and motion', () => {
    expect(latestPositions(answers)).toEqual([
      {
        ...van,
        position: { ts: 70, lat: 52, lon: 5, calculated: false },
        lastSeen: 90,
        lastTemperature: { value: 6, ts: 90 },
        // It moved off at 80 (stationary false, without a position).
        motion: { moving: true, ts: 80 },
        departedAt: 80,
        // The fix before the newest: the motion rule measures the speed between the two.
        before: { ts: 50, lat: 51, lon: 4 },
      },
    ]);
  });

  it('shows where nodes were at a past moment', () => {
    expect(latestPositions(answers, 65)).toEqual([
      {
        ...van,
        position: { ts: 50, lat: 51, lon: 4, calculated: false },
        lastSeen: 60,
        lastTemperature: { value: 4, ts: 60 },
      },
    ]);
    expect(latestPositions(answers, 10)).toEqual([]);
  });
});
