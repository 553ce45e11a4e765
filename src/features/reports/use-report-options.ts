import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { channelListQuery, channelQuery } from '../../api/channels.ts';
import { membersQuery } from '../../api/groups.ts';
import type { ReportOptions } from '../../lib/history-store/protocol.ts';

import { limitSources } from '../../lib/reports/limit-sources.ts';
import type { ReportSettings } from '../../lib/reports/settings.ts';

/** A node viewed alone takes limits from the groups that hold it; past this many, they are not read. */
const MAX_GROUPS = 25;

/**
 * What the reports need besides the data: the settings, the page's time zone, and the limits of
 * each sensor as channel properties give them (lib/reports/limit-sources.ts). A group's members
 * come with their records; a node or sensor viewed alone looks for the groups that hold it.
 */
export function useReportOptions(
  channel: ChannelRecord,
  nodeUuids: readonly string[],
  settings: ReportSettings,
): { options: ReportOptions; notes: string[] } {
  const group = channel.channelType === 'GROUP';
  const members = useQuery({ ...membersQuery(channel.uuid), enabled: group });
  const groups = useQuery({ ...channelListQuery({ channelType: 'GROUP' }), enabled: !group });
  const someGroups = (groups.data ?? []).slice(0, MAX_GROUPS);
  const memberLists = useQueries({
    queries: someGroups.map((g) => ({ ...membersQuery(g.uuid), enabled: !group })),
  });
  // A sensor viewed alone: its node's record holds limits nearer than any group's.
  const nodeOfSensor = channel.channelType === 'SENSOR' ? nodeUuids[0] : undefined;
  const node = useQuery({
    ...channelQuery(nodeOfSensor ?? ''),
    enabled: nodeOfSensor !== undefined,
  });

  const memberData = members.data;
  const lists = memberLists.map((q) => q.data);
  const listKey = lists.map((l) => (l ? l.length : -1)).join(',');
  const nodeRecord = node.data;
  const found = useMemo(
    () =>
      limitSources(
        channel,
        [...(memberData ?? []), ...(nodeRecord ? [nodeRecord] : [])],
        someGroups.flatMap((g, i) => {
          const list = lists[i];
          return list ? [{ group: g, members: list }] : [];
        }),
      ),
    // `lists` is a new array each render; listKey says when one of them changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [channel, memberData, nodeRecord, someGroups.length, listKey],
  );
  const notes: string[] = [];
  if (members.isError)
    notes.push('The group’s members could not be read: their own limits are not applied.');
  if (!group && (groups.data?.length ?? 0) > MAX_GROUPS) {
    notes.push(`Only the first ${MAX_GROUPS} groups were searched for limits that apply.`);
  }
  if (memberLists.some((q) => q.isError))
    notes.push('Some groups could not be read: their limits are not applied.');
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const options = useMemo(
    (): ReportOptions => ({
      timeZone,
      trips: settings.trips,
      coldChain: settings.coldChain,
      limits: found.sources,
      problems: found.problems,
    }),
    [timeZone, settings, found],
  );
  return { options, notes };
}
