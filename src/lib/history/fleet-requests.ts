/** A channel as the fleet map needs it: its uuid, type and, for groups, the member nodes. */
export interface FleetChannel {
  uuid: string;
  channelType: string;
}

/**
 * Which channels' history to ask for, one request each, to place every node in scope: the group
 * itself when one is chosen; otherwise every group, plus each node that no group covers. A group
 * covers the nodes that are its members as nodes (a sensor member brings only that sensor's data).
 * Never one request per node of a group.
 */
export function fleetRequests(
  scope: string | undefined,
  groups: readonly FleetChannel[],
  nodes: readonly FleetChannel[],
  membersOf: (groupUuid: string) => readonly FleetChannel[] | undefined,
): string[] {
  if (scope !== undefined) return [scope];
  const covered = new Set<string>();
  for (const group of groups) {
    for (const member of membersOf(group.uuid) ?? []) {
      if (member.channelType === 'NODE') covered.add(member.uuid);
    }
  }
  return [
    ...groups.map((group) => group.uuid),
    ...nodes.filter((node) => !covered.has(node.uuid)).map((node) => node.uuid),
  ];
}
