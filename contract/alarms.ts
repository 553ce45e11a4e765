import { z } from 'zod';
import { severityOf as severities } from './alarm-rules/severity.ts';

/**
 * What raised an alarm (docs/decisions/0080-alarms.md). Silence and place have one severity
 * each; temperature's follows how far and how long (record 0174).
 */
export const AlarmKind = z.enum(['temperature', 'silence', 'place']);
export type AlarmKind = z.infer<typeof AlarmKind>;

export const AlarmSeverity = z.enum(['critical', 'major', 'warning']);
export type AlarmSeverity = z.infer<typeof AlarmSeverity>;

export const severityOf: Record<Exclude<AlarmKind, 'temperature'>, AlarmSeverity> = severities;

/** raised → acknowledged → cleared; `active` (a filter only) is raised or acknowledged. */
const AlarmState = z.enum(['raised', 'acknowledged', 'cleared']);

export const ALARM_COMMENT_MAX_LENGTH = 1_000;

const Moment = z.object({
  ts: z.number().int().describe('Epoch ms of the reading'),
  value: z.number().describe('°C'),
});

export const Alarm = z
  .object({
    id: z.guid(),
    kind: AlarmKind,
    severity: AlarmSeverity,
    state: AlarmState,
    tenant: z.string(),
    channelUuid: z.guid().describe('The sensor (temperature) or node (silence, place) it is about'),
    channelName: z.string(),
    nodeUuid: z.guid(),
    nodeName: z.string(),
    direction: z.enum(['above', 'below']).optional().describe('Temperature: which limit'),
    limits: z
      .object({ min: z.number().optional(), max: z.number().optional() })
      .optional()
      .describe('Temperature: the band in force when the excursion began'),
    place: z
      .object({
        name: z.string(),
        lat: z.number(),
        lon: z.number(),
        radius: z.number(),
        polygon: z.array(z.tuple([z.number(), z.number()])).optional(),
      })
      .optional()
      .describe(
        "Place: the named place the node entered (radius in metres; a polygon's corners [lat, lon])",
      ),
    excursionStart: Moment.optional().describe('The first reading out of the band'),
    raisedAt: z
      .number()
      .int()
      .describe('Epoch ms of the reading (or moment) that raised it; place: when it entered'),
    raisedBy: Moment.optional().describe('The reading that raised it (after any delay)'),
    peak: Moment.optional().describe('The reading farthest out while it was active'),
    acknowledged: z
      .object({ by: z.string(), at: z.number().int(), comment: z.string() })
      .optional(),
    cleared: z
      .object({
        at: z.number().int().describe('The reading back in, or when a person cleared it'),
        by: z.string().optional().describe('Who cleared it; absent when the data did'),
        comment: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'Alarm' });
export type Alarm = z.infer<typeof Alarm>;

export const AlarmPage = z
  .object({
    alarms: z.array(Alarm).describe('Newest raised first'),
    next: z.string().optional().describe('Pass as `cursor` for the next page; absent at the end'),
  })
  .meta({ id: 'AlarmPage' });
export type AlarmPage = z.infer<typeof AlarmPage>;

/** A live stream's `event: alarm`: an alarm raised, acknowledged or cleared, as it is now. */
export const AlarmChange = z
  .object({ type: z.enum(['raised', 'acknowledged', 'cleared']), alarm: Alarm })
  .meta({ id: 'AlarmChange' });
export type AlarmChange = z.infer<typeof AlarmChange>;

/** The body of an `alarm.raised` / `alarm.cleared` push (Standard Webhooks event shape). */
export const AlarmPushEvent = z
  .object({
    type: z.enum(['alarm.raised', 'alarm.cleared']),
    timestamp: z.string().describe('ISO 8601'),
    channelUuid: z.guid().describe('The channel whose push configuration sent it'),
    channelName: z.string(),
    data: Alarm,
  })
  .meta({ id: 'AlarmPushEvent' });
export type AlarmPushEvent = z.infer<typeof AlarmPushEvent>;
