import type { ChannelRecord } from '../../../contract/channel.ts';
import type { NamedPlace } from '../../../contract/named-places.ts';
import { watchedPlaces } from '../../../contract/alarm-rules/place-rule.ts';
import { silentAfterMs } from '../../../contract/alarm-rules/silence-rule.ts';
import { bandFrom, type Band } from '../../../contract/alarm-rules/temperature-rule.ts';
import {
  nearestLimits,
  readLimits,
  type LimitSource,
} from '../../../contract/temperature-limits.ts';

export interface GroupMembers {
  group: ChannelRecord;
  members: readonly ChannelRecord[];
}

/** What the console polls for readings: a group (its members' data) or one node or sensor. */
export interface WatchTarget {
  uuid: string;
  name: string;
}

const sourceOf = (record: ChannelRecord): LimitSource | undefined => {
  const reading = readLimits(record.properties);
  return reading.kind === 'limits' ? { name: record.name, limits: reading.limits } : undefined;
};

const hasRule = (record: ChannelRecord) =>
  sourceOf(record) !== undefined || silentAfterMs(record.properties, []) !== undefined;

/**
 * The alarm rules channel properties give, for the console that watches a cloud without alarms:
 * read with the cloud's own code (contract/temperature-limits.ts, contract/alarm-rules/), so a
 * limit raises the same alarm here as it would there. Node and sensor records come from the
 * listing (member listings carry no properties), groups with their members.
 */
export class AlarmRules {
  private readonly sensors = new Map<string, LimitSource>();
  private readonly nodes = new Map<string, ChannelRecord>();
  private readonly groupsOfNode = new Map<string, ChannelRecord[]>();
  /** What to poll: as few requests as cover every channel a rule concerns. */
  readonly targets: readonly WatchTarget[];
  /** How many nodes (and sensors outside them) a rule concerns. */
  readonly watched: number;
  /** Nodes whose silence is watched, with how long they may be quiet. */
  readonly quiet: ReadonlyMap<string, number>;
  /** Nodes watched for entering and leaving places, with the places (none: not watched). */
  private readonly places = new Map<string, NamedPlace[]>();

  constructor(
    nodes: readonly ChannelRecord[],
    sensors: readonly ChannelRecord[],
    groups: readonly GroupMembers[],
  ) {
    for (const node of nodes) this.nodes.set(node.uuid, node);
    for (const sensor of sensors) {
      const source = sourceOf(sensor);
      if (source) this.sensors.set(sensor.uuid, source);
    }
    for (const { group, members } of groups) {
      for (const member of members) {
        const list = this.groupsOfNode.get(member.uuid) ?? [];
        list.push(group);
        this.groupsOfNode.set(member.uuid, list);
      }
    }
    for (const node of nodes) {
      const places = watchedPlaces(
        node.properties,
        (this.groupsOfNode.get(node.uuid) ?? []).map((g) => g.properties),
      );
      if (places.length > 0) this.places.set(node.uuid, places);
    }
    const targets: WatchTarget[] = [];
    const covered = new Set<string>();
    let watched = 0;
    // A group is read once for all its members when it, or one of them, names a rule.
    for (const { group, members } of groups) {
      const concerned =
        hasRule(group) ||
        members.some(
          (m) =>
            this.sensors.has(m.uuid) ||
            this.places.has(m.uuid) ||
            hasRule(this.nodes.get(m.uuid) ?? m),
        );
      if (!concerned) continue;
      targets.push({ uuid: group.uuid, name: group.name });
      for (const member of members) {
        if (!covered.has(member.uuid) && member.channelType === 'NODE') watched++;
        covered.add(member.uuid);
      }
    }
    for (const record of [...nodes, ...sensors]) {
      if (covered.has(record.uuid)) continue;
      const concerned =
        record.channelType === 'SENSOR'
          ? this.sensors.has(record.uuid)
          : hasRule(record) || this.places.has(record.uuid);
      if (concerned) {
        targets.push({ uuid: record.uuid, name: record.name });
        watched++;
      }
    }
    this.targets = targets;
    this.watched = watched;
    const quiet = new Map<string, number>();
    for (const node of nodes) {
      const ms = silentAfterMs(
        node.properties,
        (this.groupsOfNode.get(node.uuid) ?? []).map((g) => g.properties),
      );
      if (ms !== undefined) quiet.set(node.uuid, ms);
    }
    this.quiet = quiet;
  }

  /** The band a sensor's readings are held to: its own, else its node's, else its groups'. */
  bandOf(sensorUuid: string, nodeUuid: string): Band | undefined {
    const node = this.nodes.get(nodeUuid);
    const groups = (this.groupsOfNode.get(nodeUuid) ?? []).flatMap((g) => {
      const source = sourceOf(g);
      return source ? [source] : [];
    });
    return bandFrom(
      nearestLimits(this.sensors.get(sensorUuid), node ? sourceOf(node) : undefined, groups),
    );
  }

  /** The places a node's positions are held to (contract/alarm-rules/place-rule.ts). */
  placesOf(nodeUuid: string): readonly NamedPlace[] {
    return this.places.get(nodeUuid) ?? [];
  }

  nodeName(nodeUuid: string): string | undefined {
    return this.nodes.get(nodeUuid)?.name;
  }

  tenantOf(uuid: string): string {
    return this.nodes.get(uuid)?.tenant ?? '';
  }
}
