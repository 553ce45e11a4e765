import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AlarmKind } from '../../contract/alarms.ts';
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
  from?: number;
  to?: number;
  /** Resume after this (raised_at, id), newest first. */
  after?: { raisedAt: number; id: number };
  limit: number;
}

/** Alarms (issue 24): written in the transaction of the reading that raises or clears them. */
export interface AlarmStore {
  /**
   * The open excursions holding these slots. On PostgreSQL their rows are locked until the
   * transaction ends, so concurrent batches of one sensor take turns on its alarm.
   */
  open(slots: readonly string[]): Promise<AlarmRow[]>;
  /**
   * Makes other transactions that lock one of these slots wait until this one ends (PostgreSQL;
   * SQLite's transactions take turns anyway).
   */
  lockSlots(slots: readonly string[]): Promise<void>;
  /** Inserts a row; undefined when another transaction holds its slot already. */
  insert(row: NewAlarmRow): Promise<number | undefined>;
  update(id: number, changes: AlarmChanges): Promise<void>;
  remove(id: number): Promise<void>;
  /**
   * A person's decision: applies `changes` to the alarm if it is still active (and, with
   * `unacknowledged`, not acknowledged yet); false when it no longer is.
   */
  decide(uuid: string, changes: AlarmChanges, unacknowledged: boolean): Promise<boolean>;
  /** The properties (JSON text) of these channels. */
  propertiesOf(ids: readonly number[]): Promise<Map<number, string | null>>;
  find(uuid: string): Promise<AlarmView | undefined>;
  findById(id: number): Promise<AlarmView | undefined>;
  /**
   * Active nodes that may fall silent, with the properties of the node and of its active
   * groups that might say how soon (`silentAfterMinutes`, read by the caller).
   */
  silenceCandidates(): Promise<SilenceCandidate[]>;
  list(filter: AlarmFilter): Promise<AlarmView[]>;
  /**
   * Retention (RETENTION_DAYS, as history): removes up to `budget` alarms that ended before
   * `before` (cleared, and no longer holding their excursion's slot); open ones stay.
   */
  removeBefore(before: number, budget: number): Promise<{ removed: number; more: boolean }>;
}

export interface SilenceCandidate {
  id: number;
  uuid: string;
  name: string;
  tenant: string;
  properties: string | null;
  groups: { id: number; properties: string }[];
}
