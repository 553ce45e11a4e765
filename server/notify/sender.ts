import { Alarm } from '../../contract/alarms.ts';
import { backoffDelay, type Backoff } from '../../contract/backoff.ts';
import type { NotificationSettings } from '../../contract/notifications.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { Store } from '../store/store.ts';
import type { Outgoing } from '../store/notifications.ts';
import {
  alarmLink,
  alarmMail,
  digestMail,
  testMail,
  type Change,
  type Mail,
  type MailContext,
} from './mail.ts';
import { settingsOf } from './settings.ts';
import { sendWebPush, type VapidKeys } from './web-push.ts';
import type { AddressPolicy } from '../push/address-policy.ts';

/** What sends a mail: nodemailer's transport (mailer.ts), or a test's. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    messageId: string;
    inReplyTo?: string;
    references?: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
  close(): void;
}

export interface SenderOptions {
  store: Pick<Store, 'notifications' | 'users' | 'channels'>;
  /** Null: no SMTP_URL; every attempt is logged as not sent. */
  transport: MailTransport | null;
  from: string;
  publicUrl: string;
  unsubscribeUrl(sub: string): string;
  logger: CloudLogger;
  now: () => number;
  /** How often the outbox is looked at when nothing woke the sender. */
  pollMs?: number;
  backoff?: Backoff;
  /** How long a flood is held back to go as one digest. */
  digestWindowMs?: number;
  /** Browser push, when the cloud has its VAPID keys. */
  webPush?: {
    keys: VapidKeys;
    /** VAPID `sub`: a mailto: or https: address push services may contact. */
    subject: string;
    policy: Pick<AddressPolicy, 'neverDeliverable'>;
  };
}

/** More than this many alarm mails to one person within the window: the rest go as one digest. */
const DIGEST_AFTER = 3;
const DIGEST_WINDOW_MS = 5 * 60_000;
const POLL_MS = 1_000;
const BATCH = 500;
/** Attempts before a notification is given up (about a day with the backoff below). */
const MAX_ATTEMPTS = 20;
/** Sent rows are kept a month (an alarm's updates find its thread), then removed hourly. */
const DONE_KEPT_MS = 30 * 24 * 3_600_000;
const TRIM_EVERY_MS = 3_600_000;
const BACKOFF: Backoff = { firstMs: 2_000, maxMs: 15 * 60_000 };

/**
 * Sends what the outbox holds while this instance holds the `notifications` lease
 * (docs/decisions/0186-notifications.md): rows are claimed before they are sent, finished when
 * the mail server accepted them, tried again with backoff when it did not, and every attempt is
 * written to the person's delivery log. Reach and settings are read again just before sending.
 */
export class NotificationSender {
  private readonly options: SenderOptions;
  private readonly backoff: Backoff;
  private readonly window: number;
  /** Per person: when their last alarm mails went (the digest rule). */
  private readonly recent = new Map<number, number[]>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private trimmedAt = 0;
  private stopped = false;

  constructor(options: SenderOptions) {
    this.options = options;
    this.backoff = options.backoff ?? BACKOFF;
    this.window = options.digestWindowMs ?? DIGEST_WINDOW_MS;
  }

  /** Takes over what a holder that died left half sent, then sends as rows come due. */
  async start(): Promise<void> {
    const resumed = await this.options.store.notifications.resumeInterrupted();
    if (resumed > 0) {
      this.options.logger.warn({ resumed }, 'notifications: sending again what was under way');
    }
    this.wake();
  }

  /** Looks at the outbox now (something was queued). */
  wake(): void {
    if (this.stopped) return;
    this.again = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.running.then(() => this.loop());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async loop(): Promise<void> {
    while (this.again && !this.stopped) {
      this.again = false;
      try {
        if ((await this.pass()) === BATCH) this.again = true;
      } catch (error) {
        this.options.logger.warn({ err: error }, 'notifications: the outbox could not be read');
      }
    }
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, this.options.pollMs ?? POLL_MS);
    this.timer.unref();
  }

  /** One look at the outbox: answers how many rows it took. */
  private async pass(): Promise<number> {
    const { store } = this.options;
    const rows = await store.notifications.claimDue(this.options.now(), BATCH);
    const byUser = new Map<number, Outgoing[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    await Promise.all([...byUser].map(([userId, own]) => this.sendToSafely(userId, own)));
    const at = this.options.now();
    if (at - this.trimmedAt > TRIM_EVERY_MS) {
      this.trimmedAt = at;
      await store.notifications.trimDone(at - DONE_KEPT_MS);
    }
    return rows.length;
  }

  /** sendTo; what it could not settle (the database failed) is tried again, not left claimed. */
  private async sendToSafely(userId: number, rows: Outgoing[]): Promise<void> {
    try {
      await this.sendTo(userId, rows);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'notifications: not sent; trying again');
      const attempt = Math.max(...rows.map((row) => row.attempts));
      await this.options.store.notifications
        .retryAt(
          rows.map((row) => row.id),
          this.options.now() + backoffDelay(this.backoff, attempt),
        )
        .catch(() => undefined);
    }
  }

  private async sendTo(userId: number, rows: Outgoing[]): Promise<void> {
    const { store, now } = this.options;
    const user = await store.users.findById(userId);
    const settings = await settingsOf(store.notifications, userId);
    if (!user) return store.notifications.finish(rows.map((r) => r.id));
    const address = settings.email ?? user.email;
    const ctx: MailContext = {
      language: settings.language,
      publicUrl: this.options.publicUrl,
      host: new URL(this.options.publicUrl).hostname,
      userId,
      timeZone: settings.quietHours?.timeZone ?? 'UTC',
    };
    const tests = rows.filter((row) => row.change === 'test');
    const alarms: Outgoing[] = [];
    for (const row of rows.filter((r) => r.change !== 'test')) {
      const skip = await this.whyNot(userId, settings, row);
      if (skip === undefined) alarms.push(row);
      else {
        await store.notifications.finish([row.id]);
        await this.log(userId, address, row, subjectOf(ctx, row), false, skip, true);
      }
    }
    // Browser push: each notification once, on its first attempt (not again with mail retries).
    if (settings.means.includes('webpush')) {
      await this.pushTo(
        userId,
        ctx,
        [...tests, ...alarms].filter((row) => row.attempts === 1),
      );
    }
    if (!settings.means.includes('email')) {
      return store.notifications.finish([...tests, ...alarms].map((row) => row.id));
    }
    for (const row of tests) {
      await this.send(user.sub, address, [row], testMail(ctx, String(row.id)));
    }
    if (alarms.length === 0) return;
    const at = now();
    const sent = (this.recent.get(userId) ?? []).filter((t) => t > at - this.window);
    this.recent.set(userId, sent);
    if (sent.length >= DIGEST_AFTER && alarms.length > 0 && alarms.every((r) => r.attempts === 1)) {
      // A flood: held back until the window has passed, then sent as one digest.
      const oldest = sent[0] ?? at;
      return store.notifications.defer(
        alarms.map((r) => r.id),
        oldest + this.window,
      );
    }
    if (alarms.length > DIGEST_AFTER || (sent.length >= DIGEST_AFTER && alarms.length > 1)) {
      const items = alarms.map((row) => ({ change: row.change as Change, alarm: alarmOf(row) }));
      sent.push(at);
      return this.send(user.sub, address, alarms, digestMail(ctx, items, String(alarms[0]?.id)));
    }
    for (const row of alarms) {
      sent.push(at);
      await this.send(user.sub, address, [row], alarmMail(ctx, row.change as Change, alarmOf(row)));
    }
  }

  /** One push message per notification to each of the person's browsers; dead ones removed. */
  private async pushTo(userId: number, ctx: MailContext, rows: readonly Outgoing[]): Promise<void> {
    const { webPush, store, now } = this.options;
    if (!webPush || rows.length === 0) return;
    const subscriptions = await store.notifications.subscriptionsOf(userId);
    for (const row of rows) {
      const mail =
        row.change === 'test'
          ? testMail(ctx, String(row.id))
          : alarmMail(ctx, row.change, alarmOf(row));
      const url =
        row.alarmUuid === null
          ? `${ctx.publicUrl}/notifications`
          : alarmLink(ctx.publicUrl, row.alarmUuid);
      const body = mail.text.split('\n')[0] ?? '';
      const payload = JSON.stringify({
        title: mail.subject,
        body,
        url,
        tag: row.alarmUuid ?? 'test',
      });
      for (const subscription of subscriptions) {
        const outcome = await sendWebPush(
          subscription,
          payload,
          webPush.keys,
          webPush.subject,
          webPush.policy,
        );
        if (!outcome.ok && outcome.gone)
          await store.notifications.unsubscribe(subscription.endpoint);
        const error = outcome.ok
          ? undefined
          : outcome.gone
            ? `${outcome.error}: this browser's subscription was removed`
            : outcome.error;
        await store.notifications
          .logAttempt({
            userId,
            at: now(),
            means: 'webpush',
            recipient: new URL(subscription.endpoint).origin,
            subject: mail.subject,
            alarmIds: row.alarmUuid === null ? [] : [row.alarmUuid],
            attempt: 1,
            ok: outcome.ok,
            ...(error !== undefined ? { error } : {}),
            final: true,
          })
          .catch((err: unknown) =>
            this.options.logger.warn({ err }, 'notifications: an attempt could not be logged'),
          );
      }
    }
  }

  /** Why a row is not sent (e-mail turned off, the node out of reach), or undefined. */
  private async whyNot(
    userId: number,
    settings: NotificationSettings,
    row: Outgoing,
  ): Promise<string | undefined> {
    if (settings.means.length === 0) return 'not sent: notifications are turned off';
    if (row.channelId === null) return undefined;
    const channel = await this.options.store.channels.findById(row.channelId);
    if (!channel || !(await this.options.store.channels.isReachable(userId, channel))) {
      return 'not sent: you no longer read this node';
    }
    return undefined;
  }

  private async send(sub: string, to: string, rows: Outgoing[], mail: Mail): Promise<void> {
    const { store, transport, now } = this.options;
    const ids = rows.map((row) => row.id);
    const attempt = Math.max(...rows.map((row) => row.attempts));
    const userId = rows[0]?.userId ?? 0;
    if (!transport) {
      await store.notifications.finish(ids);
      return this.logAll(userId, to, rows, mail.subject, false, 'no mail server (SMTP_URL)', true);
    }
    const unsubscribe = this.options.unsubscribeUrl(sub);
    try {
      await transport.sendMail({
        from: this.options.from,
        to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: mail.references } : {}),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await store.notifications.finish(ids);
      await this.logAll(userId, to, rows, mail.subject, true, undefined, true);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'the mail server did not accept it';
      const final = attempt >= MAX_ATTEMPTS;
      if (final) await store.notifications.finish(ids);
      else await store.notifications.retryAt(ids, now() + backoffDelay(this.backoff, attempt));
      await this.logAll(userId, to, rows, mail.subject, false, reason, final);
    }
  }

  private async logAll(
    userId: number,
    to: string,
    rows: Outgoing[],
    subject: string,
    ok: boolean,
    error: string | undefined,
    final: boolean,
  ): Promise<void> {
    const alarmIds = rows.flatMap((row) => (row.alarmUuid === null ? [] : [row.alarmUuid]));
    const attempt = Math.max(...rows.map((row) => row.attempts));
    await this.options.store.notifications
      .logAttempt({
        userId,
        at: this.options.now(),
        means: 'email',
        recipient: to,
        subject,
        alarmIds,
        attempt,
        ok,
        ...(error !== undefined ? { error } : {}),
        final,
      })
      .catch((err: unknown) =>
        this.options.logger.warn({ err }, 'notifications: an attempt could not be logged'),
      );
  }

  private log(
    userId: number,
    to: string,
    row: Outgoing,
    subject: string,
    ok: boolean,
    error: string,
    final: boolean,
  ): Promise<void> {
    return this.logAll(userId, to, [row], subject, ok, error, final);
  }
}

function alarmOf(row: Outgoing): Alarm {
  return Alarm.parse(JSON.parse(row.payload));
}

function subjectOf(ctx: MailContext, row: Outgoing): string {
  return row.change === 'test'
    ? testMail(ctx, String(row.id)).subject
    : alarmMail(ctx, row.change, alarmOf(row)).subject;
}
