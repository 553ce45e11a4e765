import type { ChannelRecord } from '../../contract/channel.ts';
import { testUuid } from './fake-history.ts';

/** A channel record of tenant demo, as the listing gives it (properties only when set). */
export const channelRecord = (
  n: number,
  channelType: ChannelRecord['channelType'],
  name: string,
  properties?: Record<string, unknown>,
): ChannelRecord => ({
  uuid: testUuid(n),
  channelType,
  name,
  active: true,
  tenant: 'demo',
  ...(properties ? { properties } : {}),
});
