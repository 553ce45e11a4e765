import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { auditKeys } from './audit.ts';
import { alarmsRoot, channelKeys, groupKeys, positionsRoot, pushHealthKeys } from './query-keys.ts';

/**
 * What each change the console makes refreshes: every query whose answer it changes, in one
 * place, so that no panel goes on showing what was true before (issue 33). The cloud writes an
 * audit entry for each of them, so each refreshes the audit trail (a channel's Changes too).
 *
 * The mutations return these promises from their own callbacks: TanStack Query awaits them
 * before it calls the `onSuccess` a component passed to `mutate`, so the notice of a save comes
 * in the same render as the panels that show what it changed. Only queries on screen are asked
 * again; the rest are marked stale and asked when next shown.
 */
async function refresh(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** A channel's properties saved or removed: its record (and the lists holding it). */
export function afterChannelChange(client: QueryClient, uuid: string): Promise<void> {
  return refresh(client, [channelKeys.detail(uuid), channelKeys.lists(), auditKeys.all]);
}

/** A channel's push set or removed: its record, and how push fares (health, the delivery log). */
export function afterPushChange(client: QueryClient, uuid: string): Promise<void> {
  return refresh(client, [
    channelKeys.detail(uuid),
    channelKeys.lists(),
    pushHealthKeys.all,
    channelKeys.pushLogs(),
    auditKeys.all,
  ]);
}

/** A test delivery sent: its outcome is in health, the delivery log and the audit trail. */
export function afterPushTest(client: QueryClient): Promise<void> {
  return refresh(client, [pushHealthKeys.all, channelKeys.pushLogs(), auditKeys.all]);
}

/** A group made: the channel lists hold it. */
export function afterGroupCreated(client: QueryClient): Promise<void> {
  return refresh(client, [channelKeys.lists(), auditKeys.all]);
}

/**
 * Members added to or removed from a group: its members, the lists (a person reaching the group
 * reaches its members), each channel's groups and reach, and what the Fleet map and the alarms
 * show for the group.
 */
export function afterMembershipChange(client: QueryClient, groupUuid: string): Promise<void> {
  return refresh(client, [
    groupKeys.members(groupUuid),
    channelKeys.lists(),
    channelKeys.reaches(),
    positionsRoot,
    alarmsRoot,
    auditKeys.all,
  ]);
}

/** A node commissioned, into a group or none: as a membership change, and the lists. */
export function afterCommission(client: QueryClient, groupUuid: string | undefined): Promise<void> {
  return groupUuid === undefined
    ? refresh(client, [channelKeys.lists(), channelKeys.reaches(), positionsRoot, auditKeys.all])
    : afterMembershipChange(client, groupUuid);
}

/**
 * A node decommissioned: it leaves every group, its sensors go inactive and its push stops, so
 * every channel and group query may change, with positions, push health and alarms.
 */
export function afterDecommission(client: QueryClient): Promise<void> {
  return refresh(client, [
    channelKeys.all,
    groupKeys.all,
    positionsRoot,
    pushHealthKeys.all,
    alarmsRoot,
    auditKeys.all,
  ]);
}

/** An alarm acknowledged or cleared: every alarm list and badge, and the audit trail. */
export function afterAlarmDecision(client: QueryClient): Promise<void> {
  return refresh(client, [alarmsRoot, auditKeys.all]);
}
