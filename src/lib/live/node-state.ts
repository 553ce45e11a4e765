import type { FleetNode } from '../history/fleet-positions.ts';

/** What a fleet manager asks of a node first: is it driving, parked, or not heard from? */
export type NodeState = 'moving' | 'parked' | 'silent';

/** A node said to be moving that has sent no fix since is no longer shown as moving. */
export const MOVING_FOR_MS = 10 * 60_000;

/** How long without any message before a node counts as silent: the page offers these. */
export const silentChoices = [5, 15, 60, 360, 1440].map((minutes) => ({ minutes }));
export const DEFAULT_SILENT_MINUTES = 15;

/** Colours on the map and in the list; distinct in hue and lightness (colour-blind readers). */
export const stateColors: Record<NodeState, string> = {
  moving: '#2f9e44',
  parked: '#1971c2',
  silent: '#868e96',
};

/**
 * A node's state at `now` (live, or a past moment of the slider): silent when no message of any
 * kind came for `silentAfterMs`; moving when its motion (lib/motion/fix-motion.ts, motionAt: the
 * flag, a departure, the speed between its two newest fixes) says so and is recent; parked
 * otherwise, including when nothing said it moved. docs/decisions/0062-states-at-any-moment.md.
 */
export function nodeState(node: FleetNode, now: number, silentAfterMs: number): NodeState {
  if (now - node.lastSeen > silentAfterMs) return 'silent';
  const motion = node.motion;
  if (motion?.moving && now - motion.ts <= MOVING_FOR_MS) return 'moving';
  return 'parked';
}

export type FleetSort = 'name' | 'state' | 'lastSeen';

const stateOrder: Record<NodeState, number> = { moving: 0, parked: 1, silent: 2 };

/**
 * The list's order. `nodes` come sorted by name (FleetBuilder); the sort is stable, so nodes of
 * one state stay by name. Last seen puts the newest first.
 */
export function sortNodes(
  nodes: readonly FleetNode[],
  by: FleetSort,
  now: number,
  silentAfterMs: number,
): readonly FleetNode[] {
  if (by === 'name') return nodes;
  if (by === 'lastSeen') return [...nodes].sort((a, b) => b.lastSeen - a.lastSeen);
  const rank = new Map(
    nodes.map((node) => [node.nodeUuid, stateOrder[nodeState(node, now, silentAfterMs)]]),
  );
  return [...nodes].sort((a, b) => (rank.get(a.nodeUuid) ?? 0) - (rank.get(b.nodeUuid) ?? 0));
}
