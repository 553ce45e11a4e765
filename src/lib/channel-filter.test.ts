import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../contract/channel.ts';
import { filterChannels, indexChannels, parseChannelType } from './channel-filter.ts';

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
