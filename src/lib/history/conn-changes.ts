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

/** What a connectivity message says, and of which node. */
export interface ConnReading {
  nodeUuid: string;
  name: string;
  ts: number;
  fn?: number | undefined;
  version?: number | undefined;
}

/**
 * Connectivity messages repeat the node's function and version; what people need is when either
 * changed. Consecutive messages with the same pair collapse into one entry, per node, oldest first.
 */
export function connChanges(items: Iterable<Timeslice>): ConnChange[] {
  const readings: ConnReading[] = [];
  for (const item of items) {
    if (item.type !== 'CONN') continue;
    readings.push({
      nodeUuid: item.nodeUuid,
      name: item.nodeName,
      ts: item.ts,
      fn: item.value.function,
      version: item.value.version,
    });
  }
  return changesOf(readings);
}

/** connChanges of readings already taken out of their messages (the history engine's columns). */
export function changesOf(readings: Iterable<ConnReading>): ConnChange[] {
  const byNode = new Map<string, ConnReading[]>();
  for (const reading of readings) {
    const list = byNode.get(reading.nodeUuid) ?? [];
    list.push(reading);
    byNode.set(reading.nodeUuid, list);
  }
  const changes: ConnChange[] = [];
  for (const [nodeUuid, list] of byNode) collapse(nodeUuid, list, changes);
  return changes.sort((a, b) => a.since - b.since || a.nodeName.localeCompare(b.nodeName));
}

/**
 * One node's readings as changes (a loop of its own, not inside the loop over nodes:
 * docs/decisions/0155-jit-friendly-hot-loops.md).
 */
function collapse(nodeUuid: string, list: ConnReading[], changes: ConnChange[]): void {
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
