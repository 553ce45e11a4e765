import { z } from 'zod';
import { Timeslice } from './timeslice.ts';

/** docs/decisions/0016-push-delivery.md, "Push delivery": the body of every delivery. */
export const PushDelivery = z
  .object({
    channelUuid: z.guid().describe('The channel whose push configuration sent this delivery'),
    channelName: z.string(),
    events: z
      .array(Timeslice)
      .describe('Timeslices as history answers them for that channel, oldest first'),
  })
  .meta({ id: 'PushDelivery' });
export type PushDelivery = z.infer<typeof PushDelivery>;

/** One entry of a channel's delivery log (our extension). */
export const PushDeliveryLogEntry = z
  .object({
    id: z.string().describe('The webhook-id header of the delivery'),
    at: z.number().int().describe('When the POST was sent, epoch milliseconds'),
    to: z.string().describe('The address it was sent to'),
    events: z.number().int().min(0).describe('Events in the delivery'),
    dropped: z
      .number()
      .int()
      .min(0)
      .describe('Events left out since the previous delivery because the receiver was too slow'),
    ok: z.boolean().describe('The receiver answered 2xx'),
    status: z.number().int().optional().describe('HTTP status of the answer, when there was one'),
    error: z.string().optional().describe('What went wrong, for a person'),
    durationMs: z.number().int().min(0).describe('From sending to the end of the answer'),
  })
  .meta({ id: 'PushDeliveryLogEntry' });
export type PushDeliveryLogEntry = z.infer<typeof PushDeliveryLogEntry>;

export const PushDeliveryLog = z.array(PushDeliveryLogEntry);

/** A delivery that reached a push inbox (our extension for demos). */
export const PushInboxArrival = z
  .object({
    at: z.number().int().describe('When it arrived, epoch milliseconds'),
    webhookId: z.string().optional(),
    verified: z.boolean().describe('The signature verified against the inbox secret'),
    problem: z.string().optional().describe('Why it did not verify'),
    channelUuid: z.guid().optional(),
    channelName: z.string().optional(),
    eventCount: z.number().int().min(0).optional(),
    events: z
      .array(Timeslice)
      .optional()
      .describe('The first events of a verified delivery (at most 100)'),
  })
  .meta({ id: 'PushInboxArrival' });
export type PushInboxArrival = z.infer<typeof PushInboxArrival>;

const inboxFields = {
  uuid: z.guid(),
  address: z.string().describe('Use it as the push address `to`; it takes signed deliveries'),
  createdAt: z.number().int().describe('Epoch milliseconds'),
};

export const PushInboxSummary = z.object(inboxFields).meta({ id: 'PushInboxSummary' });
export type PushInboxSummary = z.infer<typeof PushInboxSummary>;
export const PushInboxList = z.array(PushInboxSummary);

export const PushInbox = z
  .object({
    ...inboxFields,
    arrivals: z.array(PushInboxArrival).describe('Newest first, at most 50'),
  })
  .meta({ id: 'PushInbox' });
export type PushInbox = z.infer<typeof PushInbox>;
