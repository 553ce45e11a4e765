import { describe, expect, it } from 'vitest';
import { Dictionary } from './dictionary.ts';

describe('the dictionary of identities', () => {
  it('keeps each identity once, and a new name of a UUID as a new entry', () => {
    const d = new Dictionary();
    const a = d.sensor('s1', 'temp', 'n1', 'Reefer 01');
    expect(d.sensor('s1', 'temp', 'n1', 'Reefer 01')).toBe(a);
    expect(d.sensor('s2', 'temp', 'n1', 'Reefer 01')).not.toBe(a);
    // The node renamed: a new node entry, and the sensor on it a new sensor entry.
    const renamed = d.sensor('s1', 'temp', 'n1', 'Reefer 1');
    expect(renamed).not.toBe(a);
    expect(d.sensors[renamed]).toEqual({ sensorUuid: 's1', sensorName: 'temp', node: 1 });
    expect(d.nodes).toEqual([
      { nodeUuid: 'n1', nodeName: 'Reefer 01' },
      { nodeUuid: 'n1', nodeName: 'Reefer 1' },
    ]);
    expect(d.gateway('g1', 'Westpoort')).toBe(d.gateway('g1', 'Westpoort'));
    expect(d.gateway('g1', 'West')).toBe(1);
    expect(d.channel('c1', 'Cold chain')).toBe(0);
    expect(d.channel('c2', 'Cold chain')).toBe(1);
    expect(d.channels).toEqual([
      { uuid: 'c1', name: 'Cold chain' },
      { uuid: 'c2', name: 'Cold chain' },
    ]);
  });
});
