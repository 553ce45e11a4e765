import { z } from 'zod';
import { AlarmKind, AlarmSeverity } from './alarms.ts';

/** How a person may be told of an alarm (docs/decisions/0186-notifications.md). */
const NotificationMeans = z.enum(['email', 'webpush']);
export type NotificationMeans = z.infer<typeof NotificationMeans>;

/** The languages of the console's catalogues; a mail is written in the person's. */
export const NotificationLanguage = z.enum(['en', 'nl']);
export type NotificationLanguage = z.infer<typeof NotificationLanguage>;

const ClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM (00:00 to 23:59)');

/** A time zone the runtime knows (IANA name, such as Europe/Amsterdam). */
const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'not a known time zone (an IANA name such as Europe/Amsterdam)');

export const QuietHours = z
  .strictObject({
    from: ClockTime.describe('Start of the quiet hours, in `timeZone`'),
    to: ClockTime.describe('End of the quiet hours (may be past midnight: 22:00 to 07:00)'),
    timeZone: TimeZone,
    criticalPasses: z.boolean().describe('Critical alarms are sent during the quiet hours too'),
  })
  .refine((quiet) => quiet.from !== quiet.to, {
    message: 'the quiet hours start and end at the same time',
    path: ['to'],
  });
export type QuietHours = z.infer<typeof QuietHours>;

/**
 * Extension: a person's notification settings, one rule for the console's form and the cloud.
 * Empty `groups` and `nodes` mean every alarm in the person's reach; empty `kinds` or
 * `severities` mean all of them.
 */
export const NotificationSettings = z
  .strictObject({
    means: z.array(NotificationMeans).max(2).describe('Empty: nothing is sent'),
    email: z
      .email('not an e-mail address')
      .max(254)
      .optional()
      .describe("Where mail goes; absent: the account's address"),
    groups: z.array(z.guid()).max(200).describe('Groups in reach whose alarms are sent'),
    nodes: z.array(z.guid()).max(200).describe('Nodes in reach whose alarms are sent'),
    kinds: z.array(AlarmKind).max(3),
    severities: z.array(AlarmSeverity).max(3),
    quietHours: QuietHours.optional(),
    language: NotificationLanguage,
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** What a person has before they save: e-mail off, every alarm, English. */
export const defaultNotificationSettings: NotificationSettings = {
  means: [],
  groups: [],
  nodes: [],
  kinds: [],
  severities: [],
  language: 'en',
};

/** One attempt to send a notification, as the person and support read it. */
export const NotificationDelivery = z
  .object({
    at: z.number().int().describe('Epoch ms of the attempt'),
    means: NotificationMeans,
    to: z.string().describe('The address (e-mail) or push service it went to'),
    subject: z.string(),
    alarmIds: z.array(z.guid()).describe('The alarms it was about; empty for a test'),
    attempt: z.number().int().min(1),
    ok: z.boolean(),
    error: z.string().optional().describe('Why it failed; it is tried again unless `final`'),
    final: z.boolean().describe('No further attempt follows'),
  })
  .meta({ id: 'NotificationDelivery' });
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const NotificationDeliveries = z
  .object({ deliveries: z.array(NotificationDelivery).describe('Newest first') })
  .meta({ id: 'NotificationDeliveries' });
export type NotificationDeliveries = z.infer<typeof NotificationDeliveries>;

/** A browser's push subscription (PushSubscription.toJSON()), as the console sends it. */
export const WebPushSubscription = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]+=*$/)
        .min(40)
        .max(200),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]+=*$/)
        .min(8)
        .max(100),
    }),
  })
  .meta({ id: 'WebPushSubscription' });
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

export const WebPushKey = z
  .object({ publicKey: z.string().describe('The VAPID public key (applicationServerKey)') })
  .meta({ id: 'WebPushKey' });

export const NotificationTestResult = z
  .object({
    queued: z.array(NotificationMeans).describe('The means a test was queued for'),
  })
  .meta({ id: 'NotificationTestResult' });
export type NotificationTestResult = z.infer<typeof NotificationTestResult>;
