import type { Timeslice } from '../../../contract/timeslice.ts';
import { ascendingByTime } from './search.ts';

/** From `since` on, the node reported this function and version. */
export interface ConnChange {
  nodeUuid: string;
  nodeName: string;
  since: number;
  function?: number;
  version?: number;
  /** When the node last reported this state before it changed (or the range ended). */
  lastSeen: number;
}

/**
 * Connectivity messages repeat the node's function and version; what people need is when either
 * changed. Consecutive messages with the same pair collapse into one entry, per node, oldest first.
 */
export function connChanges(items: Iterable<Timeslice>): ConnChange[] {
  const byNode = new Map<string, { ts: number; fn?: number; version?: number; name: string }[]>();
  for (const item of items) {
    if (item.type !== 'CONN') continue;
    const list = byNode.get(item.nodeUuid) ?? [];
    list.push({
      ts: item.ts,
      fn: item.value.function,
      version: item.value.version,
      name: item.nodeName,
    });
    byNode.set(item.nodeUuid, list);
  }
  const changes: ConnChange[] = [];
  for (const [nodeUuid, list] of byNode) {
    let current: ConnChange | undefined;
    for (const m of ascendingByTime(list, (x) => x.ts)) {
      if (current && current.function === m.fn && current.version === m.version) {
        current.lastSeen = m.ts;
        continue;
      }
      current = { nodeUuid, nodeName: m.name, since: m.ts, lastSeen: m.ts };
      if (m.fn !== undefined) current.function = m.fn;
      if (m.version !== undefined) current.version = m.version;
      changes.push(current);
    }
  }
  return changes.sort((a, b) => a.since - b.since || a.nodeName.localeCompare(b.nodeName));
}
