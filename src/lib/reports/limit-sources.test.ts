import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { limitSources } from './limit-sources.ts';

const record = (
  name: string,
  channelType: ChannelRecord['channelType'],
  properties?: object,
): ChannelRecord => ({
  uuid: `00000000-0000-4000-8000-${name.replace(/\D/g, '').padStart(12, '0')}`,
  name,
  channelType,
  active: true,
  ...(properties ? { properties: properties as ChannelRecord['properties'] } : {}),
});

describe('where limits come from', () => {
  const group = record('Group 1', 'GROUP', { temperature: { min: -25, max: -12 } });
  const chilled = record('Node 2', 'NODE', { temperature: { min: 0, max: 8 } });
  const frozen = record('Node 3', 'NODE', { cargo: 'frozen' });
  const broken = record('Node 4', 'NODE', { temperature: { min: 9, max: 1 } });

  it("takes a group viewed as the limits of every member, and members' own as nearer", () => {
    const { sources, problems } = limitSources(group, [chilled, frozen, broken], []);
    expect(sources.everyNode).toEqual([{ name: 'Group 1', limits: { min: -25, max: -12 } }]);
    expect(sources.nodes).toEqual({
      [chilled.uuid]: { name: 'Node 2', limits: { min: 0, max: 8 } },
    });
    expect(problems).toEqual(['Node 4: "min" (9) is above "max" (1).']);
  });

  it('finds the groups that hold a node viewed alone', () => {
    const other = record('Group 5', 'GROUP', { temperature: { max: 7 } });
    const { sources } = limitSources(
      frozen,
      [],
      [
        { group, members: [frozen, chilled] },
        { group: other, members: [chilled] },
      ],
    );
    expect(sources.everyNode).toEqual([]);
    expect(sources.groupsOfNode[frozen.uuid]).toEqual([
      { name: 'Group 1', limits: { min: -25, max: -12 } },
    ]);
    expect(sources.groupsOfNode[chilled.uuid]).toHaveLength(2);
  });
});
