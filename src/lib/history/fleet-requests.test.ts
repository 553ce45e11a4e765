import { describe, expect, it } from 'vitest';
import { fleetRequests } from './fleet-requests.ts';

const group = (uuid: string) => ({ uuid, channelType: 'GROUP' });
const node = (uuid: string) => ({ uuid, channelType: 'NODE' });
const sensor = (uuid: string) => ({ uuid, channelType: 'SENSOR' });

describe('fleetRequests', () => {
  const members: Record<string, { uuid: string; channelType: string }[]> = {
    g1: [node('n1'), node('n2')],
    g2: [node('n2'), sensor('s3')],
  };
  const nodes = ['n1', 'n2', 'n3', 'n4'].map(node);

  it('asks each group once and only the nodes no group covers', () => {
    expect(fleetRequests(undefined, [group('g1'), group('g2')], nodes, (g) => members[g])).toEqual([
      'g1',
      'g2',
      'n3',
      'n4',
    ]);
  });

  it('asks only the chosen group', () => {
    expect(fleetRequests('g2', [group('g1'), group('g2')], nodes, (g) => members[g])).toEqual([
      'g2',
    ]);
  });

  it('asks each node when there are no groups', () => {
    expect(fleetRequests(undefined, [], nodes.slice(0, 2), () => undefined)).toEqual(['n1', 'n2']);
  });
});
