import { describe, expect, it } from 'vitest';
import { describeHidden, planFleetRequests, type FleetChannel } from './fleet-requests.ts';

const group = (uuid: string, tenant?: string): FleetChannel => ({
  uuid,
  channelType: 'GROUP',
  name: uuid,
  tenant,
});
const node = (uuid: string, tenant?: string): FleetChannel => ({
  uuid,
  channelType: 'NODE',
  name: `Node ${uuid}`,
  tenant,
});
const sensor = (uuid: string) => ({ uuid, channelType: 'SENSOR' });

const reader = { 'demo:assets.history': ['READ'], 'demo:groups.history': ['READ'] } as const;
/** The demo's admin: history in demo only, but READ on assets and groups in acme too. */
const admin = {
  ...reader,
  'demo:assets': ['READ'],
  'demo:groups': ['READ'],
  'acme:assets': ['READ'],
  'acme:groups': ['READ'],
} as const;

describe('planFleetRequests', () => {
  const members: Record<string, FleetChannel[]> = {
    g1: [node('n1'), node('n2')],
    g2: [node('n2'), sensor('s3')],
  };
  const membersOf = (uuid: string) => members[uuid];
  const nodes = ['n1', 'n2', 'n3', 'n4'].map((uuid) => node(uuid));

  it('asks each group once and only the nodes no group covers', () => {
    const plan = planFleetRequests(undefined, [group('g1'), group('g2')], nodes, membersOf, reader);
    expect(plan).toEqual({ ask: ['g1', 'g2', 'n3', 'n4'], hidden: [] });
  });

  it('asks only the chosen group', () => {
    expect(
      planFleetRequests('g2', [group('g1'), group('g2')], nodes, membersOf, reader).ask,
    ).toEqual(['g2']);
  });

  it('asks each node when there are no groups', () => {
    expect(
      planFleetRequests(undefined, [], nodes.slice(0, 2), () => undefined, reader).ask,
    ).toEqual(['n1', 'n2']);
  });

  it('never asks what the channel’s tenant says will be refused, and says why', () => {
    const plan = planFleetRequests(
      undefined,
      [group('g1', 'demo'), group('acme-trucks', 'acme')],
      [node('n1', 'demo'), node('t1', 'acme'), node('t5', 'acme')],
      (uuid) => (uuid === 'g1' ? [node('n1', 'demo')] : [node('t1', 'acme')]),
      admin,
    );
    expect(plan.ask).toEqual(['g1']);
    expect(describeHidden(plan.hidden)).toEqual([
      'Group acme-trucks: your role does not allow reading the history of groups in tenant acme.',
      '2 nodes: your role does not allow reading the history of nodes and sensors in tenant acme.',
    ]);
  });

  it('never asks again what the cloud refused before', () => {
    const refused = new Map([
      ['n3', 'Refused: reading history needs READ on assets.history in tenant x.'],
    ]);
    const plan = planFleetRequests(undefined, [], nodes, () => undefined, reader, refused);
    expect(plan.ask).toEqual(['n1', 'n2', 'n4']);
    expect(describeHidden(plan.hidden)).toEqual([
      '1 node: the cloud refused its history (Refused: reading history needs READ on assets.history in tenant x.)',
    ]);
  });
});
