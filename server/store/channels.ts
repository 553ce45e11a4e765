import type { ChannelType } from '../../contract/channel.ts';

/** A channel as the cloud knows it. Its push secret stays in the push targets (push-targets.ts). */
export interface Channel {
  id: number;
  uuid: string;
  type: ChannelType;
  name: string;
  tenant: string;
  ownerId: number | null;
  active: boolean;
  /** The serial of a node or gateway. */
  reference: string | null;
  /** The node a sensor belongs to. */
  nodeId: number | null;
  sensorName: string | null;
  /** What a sensor sends (CONN, GPS, TEMP): fixed by its first message. */
  valueType: string | null;
  /** The properties object as compact JSON text, validated when it was set; null when unset. */
  properties: string | null;
  pushUrl: string | null;
  /** Seconds; 0 without push. */
  pushInterval: number;
}

/** What a listing shows of each channel: only these columns are read for thousands of rows. */
export type ChannelSummary = Pick<
  Channel,
  | 'uuid'
  | 'type'
  | 'name'
  | 'tenant'
  | 'active'
  | 'reference'
  | 'properties'
  | 'pushUrl'
  | 'pushInterval'
>;

export interface NewChannel {
  type: ChannelType;
  name: string;
  tenant: string;
  ownerId: number | null;
  now: number;
  reference?: string;
  nodeId?: number;
  sensorName?: string;
  valueType?: string;
}

export type NewSensor = NewChannel & { nodeId: number; sensorName: string; valueType: string };

export interface PushSettings {
  url: string;
  interval: number;
  secret: string;
}

/** Ids, uuids and names of channels: what timeslices name (they never change once created). */
export interface ChannelName {
  id: number;
  uuid: string;
  name: string;
  sensorName: string | null;
  nodeId: number | null;
}

export interface ChannelStore {
  findByUuid(uuid: string): Promise<Channel | undefined>;
  findById(id: number): Promise<Channel | undefined>;
  namesOf(ids: readonly number[]): Promise<ChannelName[]>;
  /** Whether `userId` may see `channel` at all; out of reach answers 404 like a missing one. */
  isReachable(userId: number, channel: Channel): Promise<boolean>;
  /**
   * Reach = owned or granted channels, the members of reachable groups, and the sensors of every
   * reachable node (docs/decisions/0001-permissions-and-reach.md, "Permissions and reach"), ordered by name
   * (case-insensitively), then id.
   */
  listReachable(userId: number, type?: ChannelType): Promise<ChannelSummary[]>;
  /** Throws StoreConflict when a node or gateway with this serial is commissioned already. */
  create(input: NewChannel): Promise<Channel>;
  /**
   * Each sensor by position: the node's sensor of that name, created from the input when the node
   * has none yet. An existing sensor may send another value type, which the caller checks.
   */
  ensureSensors(sensors: readonly NewSensor[]): Promise<Channel[]>;
  grantAccess(userId: number, channelId: number): Promise<void>;
  /** The active node or gateway with this serial, if one is commissioned. */
  findCommissioned(serial: string): Promise<Channel | undefined>;
  /** findCommissioned for many serials at once: serial → channel, for those that are. */
  findCommissionedMany(serials: readonly string[]): Promise<Map<string, Channel>>;
  findSensor(nodeId: number, sensorName: string): Promise<Channel | undefined>;
  /** The sensors of these nodes. */
  sensorsOf(nodeIds: readonly number[]): Promise<Channel[]>;
  setProperties(channelId: number, properties: string | null): Promise<void>;
  /** Stores a push configuration (overwriting the old one), or removes it with null. */
  setPush(channelId: number, push: PushSettings | null): Promise<void>;
  /** Decommissioning: inactive, no owner, out of every group; the same for the node's sensors. */
  decommission(nodeId: number): Promise<void>;
}
