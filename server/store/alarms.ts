import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AlarmKind, AlarmSeverity } from '../../contract/alarms.ts';
import type { AlarmsTable } from './sql/schema.ts';

export type AlarmRow = Selectable<AlarmsTable>;
export type NewAlarmRow = Insertable<AlarmsTable>;
export type AlarmChanges = Updateable<AlarmsTable>;

/** An alarm with the names of the channel and node it is about, as listings show it. */
export interface AlarmView extends AlarmRow {
  channel_uuid: string;
  channel_name: string;
  node_uuid: string;
  node_name: string;
}

/** The one open excursion of a channel and kind holds this slot (unique). */
export const slotOf = (channelId: number, kind: AlarmKind) => `${channelId}:${kind}`;

export interface AlarmFilter {
  /** Nodes whose alarms may be listed, with the moment from which (-Infinity: all). */
  nodes: readonly { id: number; since: number }[];
  /** Only the alarms of this sensor. */
  channelId?: number;
  state?: 'raised' | 'acknowledged' | 'active' | 'cleared';
  kind?: AlarmKind;
  severity?: AlarmSeverity;
  from?: number;
  to?: number;
  /** Resume after this (raised_at, id), newest first. */
  after?: { raisedAt: number; id: number };
  limit: number;
}

export interface SilenceCandidate {
  id: number;
  uuid: string;
  name: string;
  tenant: string;
  properties: string | null;
  groups: { id: number; properties: string }[];
}
