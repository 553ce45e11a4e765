import type { SqlNotificationStore } from './sql/notifications.ts';
import type { Api } from './sql/queries.ts';

export type NotificationStore = Api<SqlNotificationStore>;

/** What an alarm change (or a test) asks to be sent to one person. */
export interface NewNotification {
  userId: number;
  /** Unique per person (alarm uuid and change): the same change is queued once. */
  dedupe: string;
  alarmUuid: string | null;
  channelId: number | null;
  change: 'raised' | 'acknowledged' | 'cleared' | 'test';
  /** JSON of the alarm at the change. */
  payload: string;
}

/** A notification taken from the outbox to be sent. */
export interface Outgoing extends NewNotification {
  id: number;
  createdAt: number;
  /** Attempts so far, this one included. */
  attempts: number;
}

export interface DeliveryAttempt {
  userId: number;
  at: number;
  means: 'email' | 'webpush';
  recipient: string;
  subject: string;
  alarmIds: string[];
  attempt: number;
  ok: boolean;
  error?: string;
  final: boolean;
}
