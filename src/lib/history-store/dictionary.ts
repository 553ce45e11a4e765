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
/** Entries of one UUID: normally one; another for each name the cloud gave it. */
interface Slot {
  name: string;
  /** The sensor's node index; 0 for the other kinds. */
  node: number;
  at: number;
}

/**
 * Looked up by UUID, then name: no key string is built per message (a month is 700,000 of
 * them, four identities each, and building and hashing those keys was a third of the worker's
 * time spent storing them).
 */
class Index {
  private readonly slots = new Map<string, Slot[]>();

  find(uuid: string, name: string, node = 0): number {
    const slots = this.slots.get(uuid);
    if (slots) {
      for (const slot of slots) if (slot.name === name && slot.node === node) return slot.at;
    }
    return -1;
  }

  add(uuid: string, name: string, at: number, node = 0): number {
    const slot = { name, node, at };
    const slots = this.slots.get(uuid);
    if (slots) slots.push(slot);
    else this.slots.set(uuid, [slot]);
    return at;
  }
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
  private readonly sensorIndex = new Index();
  private readonly nodeIndex = new Index();
  private readonly gatewayIndex = new Index();
  private readonly channelIndex = new Index();

  sensor(sensorUuid: string, sensorName: string, nodeUuid: string, nodeName: string): number {
    const node = this.node(nodeUuid, nodeName);
    const at = this.sensorIndex.find(sensorUuid, sensorName, node);
    if (at >= 0) return at;
    this.sensors.push({ sensorUuid, sensorName, node });
    return this.sensorIndex.add(sensorUuid, sensorName, this.sensors.length - 1, node);
  }

  node(nodeUuid: string, nodeName: string): number {
    const at = this.nodeIndex.find(nodeUuid, nodeName);
    if (at >= 0) return at;
    this.nodes.push({ nodeUuid, nodeName });
    return this.nodeIndex.add(nodeUuid, nodeName, this.nodes.length - 1);
  }

  gateway(uuid: string, name: string): number {
    const at = this.gatewayIndex.find(uuid, name);
    if (at >= 0) return at;
    this.gateways.push({ uuid, name });
    return this.gatewayIndex.add(uuid, name, this.gateways.length - 1);
  }

  channel(uuid: string, name: string): number {
    const at = this.channelIndex.find(uuid, name);
    if (at >= 0) return at;
    this.channels.push({ uuid, name });
    return this.channelIndex.add(uuid, name, this.channels.length - 1);
  }
}
