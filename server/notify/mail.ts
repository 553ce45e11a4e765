import type { Alarm } from '../../contract/alarms.ts';
import type { NotificationLanguage } from '../../contract/notifications.ts';

/** A composed mail: what nodemailer sends (the From and To are added by the sender). */
export interface Mail {
  subject: string;
  text: string;
  /** Message-ID and the thread it belongs to (RFC 5322 3.6.4). */
  messageId: string;
  inReplyTo?: string;
  references?: string;
}

export type Change = 'raised' | 'acknowledged' | 'cleared';

const words = {
  en: {
    severity: { critical: 'Critical', major: 'Major', warning: 'Warning' },
    kind: { temperature: 'Temperature alarm', silence: 'Node silent', place: 'Place alarm' },
    change: { raised: 'raised', acknowledged: 'acknowledged', cleared: 'cleared' },
    on: 'on',
    reading: 'Reading',
    limit: 'Limit',
    place: 'Place',
    node: 'Node',
    sensor: 'Sensor',
    raisedAt: 'Raised at',
    by: 'by',
    open: 'Open the alarm',
    digest: (n: number) => `${n} alarms`,
    digestIntro: 'These alarms came in within a few minutes; they are sent together.',
    test: 'Test notification from the Telemetry Console',
    testText: 'This is a test. Notifications of alarms you chose will arrive like this.',
    footer: 'You receive this because you chose e-mail notifications. Settings',
  },
  nl: {
    severity: { critical: 'Kritiek', major: 'Ernstig', warning: 'Waarschuwing' },
    kind: { temperature: 'Temperatuuralarm', silence: 'Node stil', place: 'Plaatsalarm' },
    change: { raised: 'gemeld', acknowledged: 'bevestigd', cleared: 'opgeheven' },
    on: 'op',
    reading: 'Meting',
    limit: 'Grens',
    place: 'Plaats',
    node: 'Node',
    sensor: 'Sensor',
    raisedAt: 'Gemeld om',
    by: 'door',
    open: 'Open het alarm',
    digest: (n: number) => `${n} alarmen`,
    digestIntro: 'Deze alarmen kwamen binnen enkele minuten; ze worden samen verstuurd.',
    test: 'Testmelding van de Telemetry Console',
    testText: 'Dit is een test. Meldingen van de alarmen die u koos komen zo binnen.',
    footer: 'U ontvangt dit omdat u e-mailmeldingen koos. Instellingen',
  },
} as const;

export interface MailContext {
  language: NotificationLanguage;
  publicUrl: string;
  /** The domain of Message-IDs (the cloud's host). */
  host: string;
  /** The person (a thread is theirs: Message-IDs differ per person). */
  userId: number;
  timeZone: string;
}

const threadId = (ctx: MailContext, alarmId: string, change: string) =>
  `<alarm-${alarmId}.${change}.u${ctx.userId}@${ctx.host}>`;

export const alarmLink = (publicUrl: string, alarmId: string) =>
  `${publicUrl}/alarms?alarm=${encodeURIComponent(alarmId)}`;

function time(ctx: MailContext, at: number): string {
  return new Intl.DateTimeFormat(ctx.language === 'nl' ? 'nl-NL' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ctx.timeZone,
  }).format(at);
}

function title(ctx: MailContext, alarm: Alarm): string {
  const w = words[ctx.language];
  return `[${w.severity[alarm.severity]}] ${w.kind[alarm.kind]}: ${alarm.channelName} ${w.on} ${alarm.nodeName}`;
}

/** The lines that say what happened: reading, limit, place, when, and the link. */
function facts(ctx: MailContext, alarm: Alarm): string[] {
  const w = words[ctx.language];
  const lines = [`${w.node}: ${alarm.nodeName}`];
  if (alarm.channelName !== alarm.nodeName) lines.push(`${w.sensor}: ${alarm.channelName}`);
  const reading = alarm.raisedBy ?? alarm.excursionStart;
  if (reading) lines.push(`${w.reading}: ${reading.value} °C (${time(ctx, reading.ts)})`);
  if (alarm.limits) {
    const { min, max } = alarm.limits;
    const band = [min !== undefined ? `≥ ${min} °C` : '', max !== undefined ? `≤ ${max} °C` : ''];
    lines.push(`${w.limit}: ${band.filter(Boolean).join(', ')}`);
  }
  if (alarm.place) lines.push(`${w.place}: ${alarm.place.name}`);
  lines.push(`${w.raisedAt}: ${time(ctx, alarm.raisedAt)}`);
  lines.push(`${w.open}: ${alarmLink(ctx.publicUrl, alarm.id)}`);
  return lines;
}

const footer = (ctx: MailContext) =>
  `\n-- \n${words[ctx.language].footer}: ${ctx.publicUrl}/notifications\n`;

/** One alarm change; acknowledged and cleared answer the raised mail (one thread per alarm). */
export function alarmMail(ctx: MailContext, change: Change, alarm: Alarm): Mail {
  const w = words[ctx.language];
  const first = threadId(ctx, alarm.id, 'raised');
  const lines = facts(ctx, alarm);
  if (change === 'acknowledged' && alarm.acknowledged) {
    lines.unshift(
      `${w.change.acknowledged} ${w.by} ${alarm.acknowledged.by}: ${alarm.acknowledged.comment}`,
    );
  }
  if (change === 'cleared' && alarm.cleared) {
    const by = alarm.cleared.by ? ` ${w.by} ${alarm.cleared.by}` : '';
    lines.unshift(`${w.change.cleared}${by} (${time(ctx, alarm.cleared.at)})`);
  }
  const subject = title(ctx, alarm);
  if (change === 'raised') {
    return { subject, text: lines.join('\n') + footer(ctx), messageId: first };
  }
  return {
    subject: `Re: ${subject} (${w.change[change]})`,
    text: lines.join('\n') + footer(ctx),
    messageId: threadId(ctx, alarm.id, change),
    inReplyTo: first,
    references: first,
  };
}

/** Many alarms in one mail (a digest instead of a flood); `key` makes its Message-ID. */
export function digestMail(
  ctx: MailContext,
  items: readonly { change: Change; alarm: Alarm }[],
  key: string,
): Mail {
  const w = words[ctx.language];
  const blocks = items.map(
    ({ change, alarm }) =>
      `* ${title(ctx, alarm)} (${w.change[change]})\n  ${facts(ctx, alarm).join('\n  ')}`,
  );
  return {
    subject: `[${w.digest(items.length)}] Telemetry Console`,
    text: `${w.digestIntro}\n\n${blocks.join('\n\n')}\n${footer(ctx)}`,
    messageId: `<digest-${key}.u${ctx.userId}@${ctx.host}>`,
  };
}

export function testMail(ctx: MailContext, key: string): Mail {
  const w = words[ctx.language];
  return {
    subject: w.test,
    text: `${w.testText}\n${footer(ctx)}`,
    messageId: `<test-${key}.u${ctx.userId}@${ctx.host}>`,
  };
}
