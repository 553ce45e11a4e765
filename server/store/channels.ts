import type { Api } from './sql/queries.ts';
import type { SqlChannelStore } from './sql/channels.ts';
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

export type ChannelStore = Api<SqlChannelStore>;
