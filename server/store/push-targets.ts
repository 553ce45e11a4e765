/** A channel's push configuration, with the secret: only the push module reads this. */
export interface PushTarget {
  channelId: number;
  uuid: string;
  name: string;
  url: string;
  interval: number;
  secret: string;
}

export interface PushTargetStore {
  /** The configuration as it is now, so that a change applies to the next delivery. */
  find(channelId: number): Promise<PushTarget | undefined>;
  /** Channels that have a push configuration now. */
  configuredChannelIds(): Promise<number[]>;
}
