import { useQueries, useQuery } from '@tanstack/react-query';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelListQuery } from '../../api/channels.ts';
import { membersQuery } from '../../api/groups.ts';
import { isFormKey, type Ancestor } from './product-draft.ts';

/**
 * The groups that hold this channel and pass a value the product reads down to it. The interface
 * has no "groups of a channel", so the groups are listed and only those naming such a value have
 * their members read (in the demo one: Cold chain). A group has no groups above it.
 */
export function useAncestors(channel: ChannelRecord): { ancestors: Ancestor[]; pending: boolean } {
  const isGroup = channel.channelType === 'GROUP';
  const groups = useQuery({ ...channelListQuery({ channelType: 'GROUP' }), enabled: !isGroup });
  const passing = (groups.data ?? []).filter((group) =>
    Object.keys(group.properties ?? {}).some(isFormKey),
  );
  const members = useQueries({
    queries: passing.map((group) => ({ ...membersQuery(group.uuid), enabled: !isGroup })),
  });
  if (isGroup) return { ancestors: [], pending: false };
  const ancestors = passing.flatMap((group, index) =>
    members[index]?.data?.some((member) => member.uuid === channel.uuid)
      ? [{ name: group.name, properties: group.properties ?? {} }]
      : [],
  );
  return {
    ancestors,
    pending: groups.isPending || members.some((member) => member.isPending),
  };
}
