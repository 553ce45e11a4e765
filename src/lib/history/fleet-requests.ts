import type { ChannelType } from '../../../contract/channel.ts';
import { t } from '../../i18n/i18n.ts';
import { mayOnChannel, type PermissionMap } from '../permissions.ts';

/** A channel as the fleet map needs it. */
export interface FleetChannel {
  uuid: string;
  channelType: string;
  name?: string;
  /** Our cloud's extension field; without it permission checks guess (lib/permissions.ts). */
  tenant?: string | undefined;
}

/** A channel the fleet map does not ask for, and why, in words for the person. */
export interface HiddenChannel {
  uuid: string;
  name: string;
  channelType: string;
  tenant?: string | undefined;
  /** In the person's words, or the cloud's own message when `byCloud`. */
  reason: string;
  /** The cloud refused it before (its message in `reason`), rather than the profile saying so. */
  byCloud?: boolean;
}

export interface FleetPlan {
  /** Channels whose history is asked for, one request each. */
  ask: string[];
  /** Channels whose history the person may not read: never asked for. */
  hidden: HiddenChannel[];
}

/** Whether the history of `channel` may be read, as far as the profile (and tenant) tell. */
export function historyVerdict(permissions: PermissionMap, channel: FleetChannel) {
  return mayOnChannel(
    permissions,
    { channelType: channel.channelType as ChannelType, tenant: channel.tenant },
    'READ',
    { history: true },
  );
}

/**
 * Which channels' history to ask for, one request each, to place every node in scope: the group
 * itself when one is chosen; otherwise every group, plus each node that no asked group covers. A
 * group covers the nodes that are its members as nodes (a sensor member brings only that sensor's
 * data). Never one request per node of a group, and never a request the profile says will be
 * refused (nor one refused before, in `refused`): those are listed in `hidden` instead.
 */
export function planFleetRequests(
  scope: string | undefined,
  groups: readonly FleetChannel[],
  nodes: readonly FleetChannel[],
  membersOf: (groupUuid: string) => readonly FleetChannel[] | undefined,
  permissions: PermissionMap,
  refused: ReadonlyMap<string, string> = new Map(),
): FleetPlan {
  const hidden: HiddenChannel[] = [];
  const readable = (channel: FleetChannel) => {
    const verdict = historyVerdict(permissions, channel);
    const reason = verdict.allowed ? refused.get(channel.uuid) : verdict.reason;
    if (reason === undefined) return true;
    hidden.push({
      uuid: channel.uuid,
      name: channel.name ?? channel.uuid,
      channelType: channel.channelType,
      tenant: channel.tenant,
      reason,
      byCloud: verdict.allowed,
    });
    return false;
  };
  if (scope !== undefined) {
    const group = groups.find((candidate) => candidate.uuid === scope) ?? {
      uuid: scope,
      channelType: 'GROUP',
    };
    return { ask: readable(group) ? [scope] : [], hidden };
  }
  const asked = groups.filter(readable);
  const covered = new Set<string>();
  for (const group of asked) {
    for (const member of membersOf(group.uuid) ?? []) {
      if (member.channelType === 'NODE') covered.add(member.uuid);
    }
  }
  const lone = nodes.filter((node) => !covered.has(node.uuid) && readable(node));
  return { ask: [...asked, ...lone].map((channel) => channel.uuid), hidden };
}

/**
 * What the map leaves out, in a few lines: groups by name, nodes counted per reason (a fleet may
 * hold thousands of them).
 */
export function describeHidden(hidden: readonly HiddenChannel[]): string[] {
  const lines: string[] = [];
  const nodes = new Map<string, { count: number; byCloud: boolean }>();
  for (const channel of hidden) {
    if (channel.channelType === 'GROUP') {
      lines.push(
        channel.byCloud
          ? t('fleet.hidden.groupRefused', { name: channel.name, message: channel.reason })
          : t('fleet.hidden.group', { name: channel.name, reason: channel.reason }),
      );
    } else {
      const seen = nodes.get(channel.reason);
      nodes.set(channel.reason, {
        count: (seen?.count ?? 0) + 1,
        byCloud: channel.byCloud === true,
      });
    }
  }
  for (const [reason, { count, byCloud }] of nodes) {
    lines.push(
      byCloud
        ? t('fleet.hidden.nodesRefused', { count, message: reason })
        : t('fleet.hidden.nodes', { count, reason }),
    );
  }
  return lines;
}
