import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { t } from '../i18n/i18n.ts';
import type { ChannelRecord } from '../../contract/channel.ts';
import { channelListQuery } from './channels.ts';
import { membersQuery } from './groups.ts';
import type { ReportOptions } from '../lib/history-store/protocol.ts';
import { limitSources } from '../lib/reports/limit-sources.ts';
import { pageTimeZone } from '../lib/history/time-range.ts';
import { placeBook, type PlaceBook } from '../lib/reports/place-book.ts';
import type { ReportSettings } from '../lib/reports/settings.ts';

/** A node viewed alone takes limits from the groups that hold it; past this many, they are not read. */
const MAX_GROUPS = 25;

/**
 * The member lists and whether any failed. A function of its own, not one made at each render:
 * TanStack Query runs `combine` again only when it changes or a result does, so the lists, the
 * limits and the place book made from them stay the same objects while nothing changed.
 */
const membersOf = (
  results: readonly { data?: ChannelRecord[] | undefined; isError: boolean }[],
) => ({
  lists: results.map((r) => r.data),
  failed: results.some((r) => r.isError),
});

/**
 * What the reports need besides the data: the settings, the page's time zone, and the limits of
 * each sensor as channel properties give them (lib/reports/limit-sources.ts). Node records come
 * from the channel listing (member listings carry no properties, section 4.2); a node or sensor
 * viewed alone also looks for the groups that hold its node.
 */
export function useReportOptions(
  channel: ChannelRecord,
  /** The nodes in the range's data: only their records matter (and their broken limits). */
  nodeUuids: readonly string[],
  settings: ReportSettings,
): { options: ReportOptions; notes: string[]; places: PlaceBook } {
  const group = channel.channelType === 'GROUP';
  const nodes = useQuery(channelListQuery({ channelType: 'NODE' }));
  const groups = useQuery({ ...channelListQuery({ channelType: 'GROUP' }), enabled: !group });
  const someGroups = useMemo(() => (groups.data ?? []).slice(0, MAX_GROUPS), [groups.data]);
  const memberLists = useQueries({
    queries: someGroups.map((g) => ({ ...membersQuery(g.uuid), enabled: !group })),
    combine: membersOf,
  });

  const inData = nodeUuids.join(',');
  const nodeRecords = useMemo(() => {
    const wanted = new Set(inData.split(','));
    return (nodes.data ?? []).filter((record) => wanted.has(record.uuid));
  }, [nodes.data, inData]);
  const { lists } = memberLists;
  const withMembers = useMemo(
    () =>
      someGroups.flatMap((g, i) => {
        const list = lists[i];
        return list ? [{ group: g, members: list }] : [];
      }),
    [someGroups, lists],
  );
  const found = useMemo(
    () => limitSources(channel, nodeRecords, withMembers),
    [channel, nodeRecords, withMembers],
  );
  // Named places come from the same records as the limits (docs/decisions/0063).
  const places = useMemo(
    () => placeBook(channel, nodeRecords, withMembers),
    [channel, nodeRecords, withMembers],
  );
  const nodesFailed = nodes.isError;
  const tooManyGroups = !group && (groups.data?.length ?? 0) > MAX_GROUPS;
  const groupsFailed = memberLists.failed;
  const notes = useMemo(() => {
    const found: string[] = [];
    if (nodesFailed) found.push(t('limits.nodesUnread'));
    if (tooManyGroups) found.push(t('limits.firstGroups', { max: MAX_GROUPS }));
    if (groupsFailed) found.push(t('limits.groupsUnread'));
    return found;
  }, [nodesFailed, tooManyGroups, groupsFailed]);
  const timeZone = pageTimeZone();
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
  return { options, notes, places };
}
