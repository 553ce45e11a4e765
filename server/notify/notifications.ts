import nodemailer from 'nodemailer';
import type { AlarmEvent } from '../alarms/alarm-json.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { CloudConfig } from '../config.ts';
import { Leadership } from '../leadership.ts';
import type { Sealer } from '../secrets/sealer.ts';
import type { Store } from '../store/store.ts';
import { NotificationQueue } from './queue.ts';
import { NotificationSender, type MailTransport } from './sender.ts';
import { unsubscribeToken } from './unsubscribe.ts';
import { loadVapidKeys, type VapidKeys } from './web-push.ts';
import type { AddressPolicy } from '../push/address-policy.ts';

/** The address in "Name <address>". */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

const NOTIFICATIONS_LEASE = 'notifications';

/** nodemailer over SMTP_URL; a pool, with time limits so a mail server that hangs is a failure. */
function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    sendMail: (message) => transport.sendMail(message),
    close: () => transport.close(),
  };
}

/**
 * Notifications of alarms (docs/notifications.md, docs/decisions/0186-notifications.md): the
 * queue is fed by whoever reads alarms from the event log (push's holder, `handle`), and the
 * sender runs in the holder of the `notifications` lease. Both use the wall clock: the outbox is
 * about when a person is told, not when a reading was taken.
 */
export class Notifications {
  readonly leadership: Leadership;
  private readonly queue: NotificationQueue;
  private sender: NotificationSender | undefined;
  private keys: Promise<VapidKeys> | undefined;
  /** The cloud's VAPID keys, made at first start (web-push.ts). */
  readonly vapid: () => Promise<VapidKeys>;

  constructor(options: {
    store: Store;
    config: CloudConfig;
    sealer: Sealer;
    logger: CloudLogger;
    /** Which push service addresses may be reached (push's rule). */
    policy: Pick<AddressPolicy, 'neverDeliverable'>;
    /** Where a test puts its own mail server's transport. */
    transport?: MailTransport | null;
    /** Tells the other instances the lease was let go, so one takes it at once (0181). */
    announce?: () => void;
  }) {
    const { store, config, sealer, logger } = options;
    this.vapid = () => {
      this.keys ??= loadVapidKeys(store, sealer).catch((error: unknown) => {
        this.keys = undefined;
        throw error;
      });
      return this.keys;
    };
    const wake = () => this.sender?.wake();
    this.queue = new NotificationQueue(store, Date.now, wake);
    this.leadership = new Leadership({
      leases: store.leases,
      name: NOTIFICATIONS_LEASE,
      log: logger,
      ...(options.announce ? { announce: options.announce } : {}),
      work: async () => {
        const transport =
          options.transport !== undefined
            ? options.transport
            : config.smtpUrl
              ? smtpTransport(config.smtpUrl)
              : null;
        const sender = new NotificationSender({
          store,
          transport,
          from: config.smtpFrom,
          publicUrl: config.publicUrl,
          unsubscribeUrl: (sub) =>
            `${config.publicUrl}/v1/notifications/unsubscribe?token=${encodeURIComponent(
              unsubscribeToken(sealer, sub),
            )}`,
          logger,
          now: Date.now,
          backoff: { firstMs: config.notificationRetryMs, maxMs: 15 * 60_000 },
          digestWindowMs: config.notificationDigestMs,
          webPush: {
            keys: await this.vapid(),
            subject: config.publicUrl.startsWith('https:')
              ? config.publicUrl
              : `mailto:${addressOf(config.smtpFrom)}`,
            policy: options.policy,
          },
        });
        this.sender = sender;
        await sender.start();
        return async () => {
          this.sender = undefined;
          await sender.stop();
          if (options.transport === undefined) transport?.close();
        };
      },
    });
  }

  /** Alarm changes as the event log brings them. */
  handle(events: readonly AlarmEvent[]): Promise<void> {
    return this.queue.handle(events);
  }

  queueTest(userId: number): Promise<void> {
    return this.queue.queueTest(userId);
  }
}
