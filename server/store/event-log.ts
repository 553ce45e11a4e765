import type { Api } from './sql/queries.ts';
import type { SqlEventLogStore } from './sql/event-log.ts';
import type { NewReading } from './readings.ts';
import type { AlarmEvent } from '../alarms/alarm-json.ts';

/** A reading as the event log carries it: what push and live streams need, no lookups. */
export interface LoggedReading extends NewReading {
  readingId: number;
}

/**
 * One committed change, numbered in commit order: an ingested batch, or a channel's push
 * configuration set or removed (so that push delivery applies it between the right readings).
 */
export interface LoggedEvent {
  seq: number;
  /** When it was logged (the appending instance's clock, epoch ms). */
  at: number;
  readings: LoggedReading[];
  pushChanged?: number;
  /** Alarms raised, acknowledged or cleared by this change (issue 24). */
  alarms?: AlarmEvent[];
}

export type EventBody = Omit<LoggedEvent, 'seq' | 'at'>;

/**
 * What was ingested, in commit order, for every instance to read (push delivery, live streams).
 * A writer appends inside its ingestion transaction; on PostgreSQL the numbering waits on one
 * row, so numbers are given in commit order and a reader that has seen `seq` never finds a
 * smaller number committed later. Numbers are consecutive (1, 2, 3, …; a rolled-back append
 * gives its number back), so a reader can tell whether the log still holds everything after a
 * number it was given. Readers are woken by the event bus (events/event-bus.ts).
 */
export type EventLogStore = Api<SqlEventLogStore>;
