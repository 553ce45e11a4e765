import { describe, expect, it } from 'vitest';
import type { FleetNode } from '../history/fleet-positions.ts';
import { MOVING_FOR_MS, nodeState, sortNodes } from './node-state.ts';

const MIN = 60_000;
const node = (name: string, lastSeen: number, motion?: FleetNode['motion']): FleetNode => ({
  nodeUuid: name,
  nodeName: name,
  position: { ts: lastSeen, lat: 52.3, lon: 4.9, calculated: false },
  lastSeen,
  ...(motion ? { motion } : {}),
});

describe('node state', () => {
  const now = 100 * MIN;
  it('is silent after the chosen time without any message, whatever it said before', () => {
    const van = node('Van', now - 16 * MIN, { moving: true, ts: now - 16 * MIN });
    expect(nodeState(van, now, 15 * MIN)).toBe('silent');
    expect(nodeState(van, now, 60 * MIN)).toBe('parked');
  });

  it('is moving while its newest GPS message says so and is recent, parked otherwise', () => {
    expect(nodeState(node('a', now, { moving: true, ts: now - MIN }), now, 15 * MIN)).toBe(
      'moving',
    );
    // Heard from (a temperature) but no fix for longer than a moving node sends them.
    const stale = node('b', now, { moving: true, ts: now - MOVING_FOR_MS - 1 });
    expect(nodeState(stale, now, 15 * MIN)).toBe('parked');
    expect(nodeState(node('c', now, { moving: false, ts: now }), now, 15 * MIN)).toBe('parked');
    expect(nodeState(node('d', now), now, 15 * MIN)).toBe('parked');
  });

  it('sorts by state (moving, parked, silent; by name within), or by last seen, newest first', () => {
    const nodes = [
      node('A silent', now - 30 * MIN),
      node('B parked', now - MIN, { moving: false, ts: now - MIN }),
      node('C moving', now - 2 * MIN, { moving: true, ts: now - 2 * MIN }),
      node('D moving', now, { moving: true, ts: now }),
    ];
    const names = (by: 'name' | 'state' | 'lastSeen') =>
      sortNodes(nodes, by, now, 15 * MIN).map((n) => n.nodeName);
    expect(names('state')).toEqual(['C moving', 'D moving', 'B parked', 'A silent']);
    expect(names('lastSeen')).toEqual(['D moving', 'B parked', 'C moving', 'A silent']);
    expect(names('name')).toEqual(['A silent', 'B parked', 'C moving', 'D moving']);
  });
});
