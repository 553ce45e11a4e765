/** A sensor as the history names it: its own identity and its node's. */
export interface SensorEntry {
  sensorUuid: string;
  sensorName: string;
  /** Index into `Dictionary.nodes`. */
  node: number;
}

export interface NodeEntry {
  nodeUuid: string;
  nodeName: string;
}

/** A gateway, or the channel a request was made for: an identity and its name. */
export interface NamedEntry {
  uuid: string;
  name: string;
}

/**
 * The identities of a history, each stored once: a message holds small integers that point
 * here instead of four UUIDs and four names. Shared by every chunk of an engine, so an index
 * means the same thing in every day of every range. An identity is its UUID with the name the
 * cloud gave it; were a name ever to change, the new pair is a new entry and both stay exact.
 */
export class Dictionary {
  readonly sensors: SensorEntry[] = [];
  readonly nodes: NodeEntry[] = [];
  readonly gateways: NamedEntry[] = [];
  readonly channels: NamedEntry[] = [];
  private readonly sensorIndex = new Map<string, number>();
  private readonly nodeIndex = new Map<string, number>();
  private readonly gatewayIndex = new Map<string, number>();
  private readonly channelIndex = new Map<string, number>();

  sensor(sensorUuid: string, sensorName: string, nodeUuid: string, nodeName: string): number {
    const node = this.node(nodeUuid, nodeName);
    return intern(this.sensorIndex, this.sensors, `${sensorUuid}\n${sensorName}\n${node}`, () => ({
      sensorUuid,
      sensorName,
      node,
    }));
  }

  node(nodeUuid: string, nodeName: string): number {
    return intern(this.nodeIndex, this.nodes, `${nodeUuid}\n${nodeName}`, () => ({
      nodeUuid,
      nodeName,
    }));
  }

  gateway(uuid: string, name: string): number {
    return intern(this.gatewayIndex, this.gateways, `${uuid}\n${name}`, () => ({ uuid, name }));
  }

  channel(uuid: string, name: string): number {
    return intern(this.channelIndex, this.channels, `${uuid}\n${name}`, () => ({ uuid, name }));
  }
}

function intern<T>(index: Map<string, number>, list: T[], key: string, make: () => T): number {
  let at = index.get(key);
  if (at === undefined) {
    at = list.length;
    list.push(make());
    index.set(key, at);
  }
  return at;
}
