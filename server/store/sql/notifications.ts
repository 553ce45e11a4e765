import type { NotificationDelivery, WebPushSubscription } from '../../../contract/notifications.ts';
import type { DeliveryAttempt, NewNotification, Outgoing } from '../notifications.ts';
import { keepNewest } from './keep-newest.ts';
import { Repository } from './queries.ts';
import { chunks, flag } from './values.ts';

/** Attempts kept per person in the delivery log. */
const DELIVERIES_KEPT = 200;

const outgoing = [
  'id',
  'user_id as userId',
  'dedupe',
  'alarm_uuid as alarmUuid',
  'channel_id as channelId',
  'change',
  'payload',
  'created_at as createdAt',
  'attempts',
] as const;

/**
 * Notification settings, the outbox and the delivery log (docs/decisions/0186-notifications.md).
 * The outbox is written by whoever reads the alarms from the event log and read by the holder of
 * the `notifications` lease; a row is claimed (`sending`) in its own statement before it is sent.
 */
export class SqlNotificationStore extends Repository {
  async settingsOf(userId: number): Promise<string | undefined> {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('notification_settings')
        .select('settings')
        .where('user_id', '=', userId),
      'notification-settings',
    );
    return row?.settings;
  }

  async saveSettings(userId: number, settings: string, now: number): Promise<void> {
    await this.s.exec(
      this.s.qb
        .insertInto('notification_settings')
        .values({ user_id: userId, settings, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ settings, updated_at: now }),
        ),
    );
  }

  /** Every person who chose a means, with their settings (JSON text). */
  async allSettings(): Promise<{ userId: number; settings: string }[]> {
    return this.s.all(
      this.s.qb
        .selectFrom('notification_settings')
        .select(['user_id as userId', 'settings'])
        .orderBy('user_id'),
      'notification-all-settings',
    );
  }

  /** Queues each once: a row already queued for its person and `dedupe` is left as it is. */
  async enqueue(rows: readonly NewNotification[], now: number): Promise<void> {
    for (const part of chunks([...rows], 200)) {
      await this.s.exec(
        this.s.qb
          .insertInto('notification_outbox')
          .values(
            part.map((row) => ({
              user_id: row.userId,
              dedupe: row.dedupe,
              alarm_uuid: row.alarmUuid,
              channel_id: row.channelId,
              change: row.change,
              payload: row.payload,
              created_at: now,
              next_at: now,
            })),
          )
          .onConflict((conflict) => conflict.columns(['user_id', 'dedupe']).doNothing()),
      );
    }
  }

  /** The people a raised alarm was queued for: its updates go to them (one thread each). */
  async threadRecipients(alarmUuid: string): Promise<number[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('notification_outbox')
        .select('user_id')
        .where('alarm_uuid', '=', alarmUuid)
        .where('change', '=', 'raised'),
      'notification-thread',
    );
    return rows.map((row) => row.user_id);
  }

  /** Back to pending at `nextAt` without counting an attempt (held back for a digest). */
  async defer(ids: readonly number[], nextAt: number): Promise<void> {
    if (ids.length === 0) return;
    await this.s.exec(
      this.s.qb
        .updateTable('notification_outbox')
        .set((eb) => ({ state: 'pending', next_at: nextAt, attempts: eb('attempts', '-', 1) }))
        .where('id', 'in', ids),
    );
  }

  /**
   * Takes the pending rows due at `now` (oldest first, at most `limit`): each is marked `sending`
   * with its attempt counted, in one statement, so another holder never takes it as well.
   */
  async claimDue(now: number, limit: number): Promise<Outgoing[]> {
    return this.s.atomic(async (tx) => {
      const due = await tx.all(
        tx.qb
          .selectFrom('notification_outbox')
          .select('id')
          .where('state', '=', 'pending')
          .where('next_at', '<=', now)
          .orderBy('id')
          .limit(limit),
        'notification-due',
      );
      if (due.length === 0) return [];
      const rows = await tx.all(
        tx.qb
          .updateTable('notification_outbox')
          .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1) }))
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .where('state', '=', 'pending')
          .returning(outgoing),
      );
      return rows
        .map((row) => ({ ...row, change: row.change as Outgoing['change'] }))
        .sort((a, b) => a.id - b.id);
    });
  }

  /** Sent, or given up: never taken again. */
  async finish(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.s.exec(
      this.s.qb.updateTable('notification_outbox').set({ state: 'done' }).where('id', 'in', ids),
    );
  }

  /** Back to pending, tried again at `nextAt` (the mail server failed). */
  async retryAt(ids: readonly number[], nextAt: number): Promise<void> {
    if (ids.length === 0) return;
    await this.s.exec(
      this.s.qb
        .updateTable('notification_outbox')
        .set({ state: 'pending', next_at: nextAt })
        .where('id', 'in', ids),
    );
  }

  /**
   * Rows a holder claimed and did not finish (it died while sending): pending again. Run by a new
   * holder of the lease before it sends (decision 0186: a mail is sent again with its own
   * Message-ID rather than lost).
   */
  async resumeInterrupted(): Promise<number> {
    return this.s.exec(
      this.s.qb
        .updateTable('notification_outbox')
        .set({ state: 'pending' })
        .where('state', '=', 'sending'),
    );
  }

  /** Removes finished rows queued before `before`. */
  async trimDone(before: number): Promise<void> {
    await this.s.exec(
      this.s.qb
        .deleteFrom('notification_outbox')
        .where('state', '=', 'done')
        .where('created_at', '<', before),
    );
  }

  /** How many rows wait (pending or being sent), for tests and health. */
  async waiting(): Promise<number> {
    const row = await this.s.first(
      this.s.qb
        .selectFrom('notification_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '!=', 'done'),
    );
    return Number(row?.n ?? 0);
  }

  async logAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.s.atomic(async (tx) => {
      await tx.exec(
        tx.qb.insertInto('notification_deliveries').values({
          user_id: attempt.userId,
          at: attempt.at,
          means: attempt.means,
          recipient: attempt.recipient,
          subject: attempt.subject,
          alarm_ids: JSON.stringify(attempt.alarmIds),
          attempt: attempt.attempt,
          ok: attempt.ok,
          error: attempt.error ?? null,
          final: attempt.final,
        }),
      );
      await tx.exec(
        keepNewest(
          tx.qb,
          { table: 'notification_deliveries', owner: 'user_id' },
          attempt.userId,
          DELIVERIES_KEPT,
        ),
      );
    });
  }

  /** Newest first. */
  async deliveriesOf(userId: number, limit = 100): Promise<NotificationDelivery[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('notification_deliveries')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit),
    );
    return rows.map((row) => ({
      at: row.at,
      means: row.means === 'webpush' ? 'webpush' : 'email',
      to: row.recipient,
      subject: row.subject,
      alarmIds: JSON.parse(row.alarm_ids) as string[],
      attempt: row.attempt,
      ok: flag(row.ok),
      ...(row.error !== null ? { error: row.error } : {}),
      final: flag(row.final),
    }));
  }

  /** A browser's push subscription for the person (the same endpoint again replaces it). */
  async subscribe(userId: number, sub: WebPushSubscription, now: number): Promise<void> {
    const { endpoint, keys } = sub;
    await this.s.exec(
      this.s.qb
        .insertInto('web_push_subscriptions')
        .values({
          user_id: userId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          created_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .column('endpoint')
            .doUpdateSet({ user_id: userId, p256dh: keys.p256dh, auth: keys.auth }),
        ),
    );
  }

  async subscriptionsOf(userId: number): Promise<WebPushSubscription[]> {
    const rows = await this.s.all(
      this.s.qb
        .selectFrom('web_push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .orderBy('id'),
    );
    return rows.map((row) => ({
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
    }));
  }

  async unsubscribe(endpoint: string): Promise<void> {
    await this.s.exec(
      this.s.qb.deleteFrom('web_push_subscriptions').where('endpoint', '=', endpoint),
    );
  }
}
