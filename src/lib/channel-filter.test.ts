import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { filterChannels, indexChannels, nameMatcher, parseChannelType } from './channel-filter.ts';

const channel = (name: string): ChannelRecord => ({
  uuid: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  channelType: 'NODE',
  name,
  active: true,
});

describe('channel filter', () => {
  const index = indexChannels([channel('Van 07'), channel('Van 07/temp'), channel('Truck 1')]);

  it('matches a case-insensitive substring of the name, as the cloud does', () => {
    expect(filterChannels(index, 'van 07').map((c) => c.name)).toEqual(['Van 07', 'Van 07/temp']);
    expect(filterChannels(index, 'TEMP').map((c) => c.name)).toEqual(['Van 07/temp']);
  });

  it('reads numbers without their leading zeros, and still matches while a zero is being typed', () => {
    const fleet = indexChannels([channel('Node 09999'), channel('Node 10000'), channel('Van 07')]);
    const names = (text: string) => filterChannels(fleet, text).map((c) => c.name);
    expect(names('Node 9999')).toEqual(['Node 09999']);
    expect(names('node 0')).toEqual(['Node 09999']);
    expect(names('van 7')).toEqual(['Van 07']);
    expect(names('Node 10000')).toEqual(['Node 10000']);
    expect(nameMatcher('9999')('node 09999')).toBe(true);
    expect(nameMatcher('0')('node 10')).toBe(true);
    expect(nameMatcher('van 70')('van 07')).toBe(false);
  });

  it('keeps everything for an empty filter and nothing for a miss', () => {
    expect(filterChannels(index, '  ')).toHaveLength(3);
    expect(filterChannels(index, 'bus')).toHaveLength(0);
  });

  it('reads only known channel types from the URL', () => {
    expect(parseChannelType('GATEWAY')).toBe('GATEWAY');
    expect(parseChannelType('gateway')).toBeUndefined();
    expect(parseChannelType(null)).toBeUndefined();
  });
});
