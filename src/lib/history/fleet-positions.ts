import type { NodePosition } from '../../../contract/positions.ts';
import type { Timeslice } from '../../../contract/timeslice.ts';
import { distanceM } from '../geo/distance.ts';
import { DEFAULT_MOTION_RULE, motionAt, type Fix, type Motion } from '../motion/fix-motion.ts';
import { locationOf, trackPointOf, type TrackPoint } from './gps-track.ts';

export type { Motion } from '../motion/fix-motion.ts';

/** A new fix this far from the last one glides on the map (GPS jitter stays well under it). */
const MOVED_METRES = 25;

/** Where a node was last seen, for the fleet map. */
export interface FleetNode {
  nodeUuid: string;
  nodeName: string;
  position: TrackPoint;
  /** Newest message of any kind from the node. */
  lastSeen: number;
  lastTemperature?: { value: number; ts: number };
  /** The newest fix's `stationary` flag, when it carried one. */
  stationary?: boolean;
  /** The fix before `position`, whatever its distance: the speed between them tells motion. */
  before?: Fix;
  /** The newest departure (`stationary: false`, which carries no position), if any. */
  departedAt?: number;
  /**
   * Moving or not, and as of when: judged from the fixes above by the one rule of
   * lib/motion/fix-motion.ts (motionAt). Unknown until a message tells.
   */
  motion?: Motion;
  /** Where the node was before `position`, when it moved: the map glides it from there. */
  from?: TrackPoint;
}

/**
 * A key that sorts names as people do ("Van 2" before "Van 10", case ignored) with a plain string
 * comparison: Intl.Collator's compare took 40–150 ms to sort 10,000 names, a long task in a page
 * that re-sorts while positions arrive; keys are made once per node and sort in about 10 ms.
 */
function sortKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(16, '0'));
}

/**
 * Gathers the newest position, temperature and message of each node from answers as they arrive
 * (history answers, or the latest-positions extension's nodes), at or before `at`. Answers may
 * overlap (a node in two groups): the newest wins. `nodes()` lists those with a position.
 */
export class FleetBuilder {
  private readonly at: number;
  private readonly seen = new Map<string, { name: string; key: string; lastSeen: number }>();
  private readonly positions = new Map<string, TrackPoint>();
  private readonly temperatures = new Map<string, { value: number; ts: number }>();
  /** The newest fix's flag, the fix before the newest, the newest departure: motion's inputs. */
  private readonly flags = new Map<string, boolean>();
  private readonly befores = new Map<string, Fix>();
  private readonly departures = new Map<string, number>();
  private readonly previous = new Map<string, TrackPoint>();
  /** What nodes() made, per node; nodes changed since, to be made again. */
  private readonly made = new Map<string, FleetNode>();
  private readonly changed = new Set<string>();
  private order: string[] | undefined;
  private listed: FleetNode[] | undefined;

  constructor(at: number = Number.POSITIVE_INFINITY) {
    this.at = at;
  }

  addHistory(answer: readonly Timeslice[]): void {
    for (const item of answer) {
      if (item.ts > this.at) continue;
      this.saw(item.nodeUuid, item.nodeName, item.ts);
      if (item.type === 'TEMP' && item.value.temperature !== undefined) {
        this.temperature(item.nodeUuid, item.value.temperature, item.ts);
      }
      if (item.type !== 'GPS') continue;
      const point = trackPointOf(item);
      if (point) this.position(item.nodeUuid, point, item.value.stationary);
      else if (item.value.stationary === false) this.departure(item.nodeUuid, item.ts);
    }
  }

  /** Nodes another builder made (the positions a live stream then moves on). */
  addNodes(nodes: readonly FleetNode[]): void {
    for (const node of nodes) {
      if (node.lastSeen > this.at) continue;
      this.saw(node.nodeUuid, node.nodeName, node.lastSeen);
      if (node.lastTemperature) {
        this.temperature(node.nodeUuid, node.lastTemperature.value, node.lastTemperature.ts);
      }
      if (node.before) this.position(node.nodeUuid, { ...node.before, calculated: false });
      this.position(node.nodeUuid, node.position, node.stationary);
      if (node.departedAt !== undefined) this.departure(node.nodeUuid, node.departedAt);
    }
  }

  addLatest(nodes: readonly NodePosition[]): void {
    for (const node of nodes) {
      if (node.lastSeen > this.at) continue;
      this.saw(node.nodeUuid, node.nodeName, node.lastSeen);
      const temperature = node.temp?.value.temperature;
      if (node.temp && temperature !== undefined) {
        this.temperature(node.nodeUuid, temperature, node.temp.ts);
      }
      const location = node.gps && locationOf(node.gps.value);
      if (node.gps && location) {
        const point: TrackPoint = {
          ts: node.gps.ts,
          ...location,
          calculated: node.gps.value.calculated === true,
        };
        if (node.gps.value.hdop !== undefined) point.hdop = node.gps.value.hdop;
        this.position(node.nodeUuid, point, node.gps.value.stationary);
      }
    }
  }

  /** Whether a position of the node has been found. */
  hasPosition(nodeUuid: string): boolean {
    return this.positions.has(nodeUuid);
  }

  /**
   * Nodes with a position, by name as people sort them ("Van 2" before "Van 10"). Called again
   * as answers arrive, it hands back the same object for a node that did not change, and the same
   * array when nothing did, so that a page re-renders only what is new.
   */
  nodes(): FleetNode[] {
    if (this.changed.size === 0 && this.listed) return this.listed;
    let added = false;
    for (const nodeUuid of this.changed) {
      const position = this.positions.get(nodeUuid);
      const node = this.seen.get(nodeUuid);
      if (!position || !node) continue;
      const fleetNode: FleetNode = {
        nodeUuid,
        nodeName: node.name,
        position,
        lastSeen: node.lastSeen,
      };
      const temperature = this.temperatures.get(nodeUuid);
      if (temperature) fleetNode.lastTemperature = temperature;
      const stationary = this.flags.get(nodeUuid);
      if (stationary !== undefined) fleetNode.stationary = stationary;
      const before = this.befores.get(nodeUuid);
      if (before) fleetNode.before = before;
      const departedAt = this.departures.get(nodeUuid);
      if (departedAt !== undefined) fleetNode.departedAt = departedAt;
      const motion = motionAt({ ...position, stationary }, before, departedAt, DEFAULT_MOTION_RULE);
      if (motion) fleetNode.motion = motion;
      const from = this.previous.get(nodeUuid);
      if (from) fleetNode.from = from;
      added ||= !this.made.has(nodeUuid);
      this.made.set(nodeUuid, fleetNode);
    }
    this.changed.clear();
    if (added || !this.order) {
      this.order = [...this.made.keys()].sort((a, b) => {
        const x = this.seen.get(a)?.key ?? '';
        const y = this.seen.get(b)?.key ?? '';
        return x < y ? -1 : x > y ? 1 : 0;
      });
    }
    this.listed = this.order.flatMap((nodeUuid) => {
      const node = this.made.get(nodeUuid);
      return node ? [node] : [];
    });
    return this.listed;
  }

  private saw(nodeUuid: string, name: string, ts: number) {
    const node = this.seen.get(nodeUuid);
    if (!node) this.seen.set(nodeUuid, { name, key: sortKey(name), lastSeen: ts });
    else if (node.lastSeen < ts) {
      // A renamed node sorts elsewhere: the order is made again.
      if (node.name !== name) {
        Object.assign(node, { name, key: sortKey(name) });
        this.order = undefined;
      }
      node.lastSeen = ts;
    } else return;
    this.changed.add(nodeUuid);
  }

  private temperature(nodeUuid: string, value: number, ts: number) {
    const known = this.temperatures.get(nodeUuid);
    if (known && known.ts >= ts) return;
    this.temperatures.set(nodeUuid, { value, ts });
    this.changed.add(nodeUuid);
  }

  /**
   * Keeps the node's two newest fixes, in whatever order they arrive (history answers come
   * newest first, a stream oldest first): the newest is its position, the one before tells
   * the speed.
   */
  private position(nodeUuid: string, point: TrackPoint, stationary?: boolean) {
    const known = this.positions.get(nodeUuid);
    const fix: Fix = { ts: point.ts, lat: point.lat, lon: point.lon, stationary };
    if (known && known.ts >= point.ts) {
      const before = this.befores.get(nodeUuid);
      if (known.ts === point.ts || (before && before.ts >= point.ts)) return;
      this.befores.set(nodeUuid, fix);
      this.changed.add(nodeUuid);
      return;
    }
    this.positions.set(nodeUuid, point);
    if (known) {
      const knownFlag = this.flags.get(nodeUuid);
      this.befores.set(nodeUuid, {
        ts: known.ts,
        lat: known.lat,
        lon: known.lon,
        stationary: knownFlag,
      });
    }
    if (stationary === undefined) this.flags.delete(nodeUuid);
    else this.flags.set(nodeUuid, stationary);
    const moved =
      known !== undefined && distanceM(known.lat, known.lon, point.lat, point.lon) > MOVED_METRES;
    if (moved) this.previous.set(nodeUuid, known);
    else this.previous.delete(nodeUuid);
    this.changed.add(nodeUuid);
  }

  private departure(nodeUuid: string, ts: number) {
    const known = this.departures.get(nodeUuid);
    if (known !== undefined && known >= ts) return;
    this.departures.set(nodeUuid, ts);
    this.changed.add(nodeUuid);
  }
}

/** The newest position of every node in one or more history answers, at or before `at`. */
export function latestPositions(
  answers: Iterable<readonly Timeslice[]>,
  at: number = Number.POSITIVE_INFINITY,
): FleetNode[] {
  const builder = new FleetBuilder(at);
  for (const answer of answers) builder.addHistory(answer);
  return builder.nodes();
}
