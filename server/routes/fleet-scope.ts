import type { WithheldNodes } from '../../contract/positions.ts';
import type { Caller } from '../auth/caller.ts';
import type { NodeScope, PositionStore } from '../store/positions.ts';

/** What "every node in reach" means for the latest-positions extension and the fleet stream. */
export interface FleetScope {
  /** Each node whose history may be read, and from when (`all`: -Infinity for all of it). */
  scopes: NodeScope[];
  /** Nodes in reach whose history may not be read, counted per tenant, with the reason. */
  withheld: WithheldNodes[];
  /** Nodes whose every reading may be told (READ on assets.history in their tenant). */
  wholeNodes: Set<number>;
  /** Groups whose history may be read (READ on groups.history) and that hold a node: what
   * reaches them may be told of their members. */
  readableGroups: Set<number>;
}

/**
 * Every node in reach whose history the caller may read: with READ on assets.history in the
 * node's tenant all of it, otherwise what a reachable group holds of it where the caller may read
 * groups.history (as group history would show it). The others are counted per tenant.
 */
export async function fleetScope(
  positions: Pick<PositionStore, 'reachableNodes' | 'groupNodeMemberships'>,
  caller: Caller,
): Promise<FleetScope> {
  const throughGroups = new Map<number, number>();
  const readableGroups = new Set<number>();
  for (const membership of await positions.groupNodeMemberships(caller.user.id)) {
    if (!caller.can(membership.groupTenant, 'groups.history', 'READ')) continue;
    readableGroups.add(membership.groupId);
    const known = throughGroups.get(membership.nodeId) ?? Infinity;
    throughGroups.set(membership.nodeId, Math.min(known, membership.addedAt));
  }
  const scopes: NodeScope[] = [];
  const wholeNodes = new Set<number>();
  const withheld = new Map<string, number>();
  for (const node of await positions.reachableNodes(caller.user.id)) {
    const whole = caller.can(node.tenant, 'assets.history', 'READ');
    if (whole) wholeNodes.add(node.id);
    const since = whole ? -Infinity : throughGroups.get(node.id);
    if (since === undefined) withheld.set(node.tenant, (withheld.get(node.tenant) ?? 0) + 1);
    else scopes.push({ id: node.id, uuid: node.uuid, name: node.name, all: since });
  }
  return {
    scopes,
    withheld: [...withheld].map(([tenant, nodes]) => ({
      tenant,
      nodes,
      message: `Reading their positions needs READ on assets.history in tenant ${tenant}.`,
    })),
    wholeNodes,
    readableGroups,
  };
}
