import { z } from 'zod';

/** How a channel's push is faring, from its delivery log (docs/decisions/0072-push-health.md). */
export const PushHealth = z
  .object({
    channelUuid: z.string(),
    channelName: z.string(),
    to: z.string().describe('The address push delivers to now'),
    last: z
      .object({
        at: z.number().int(),
        ok: z.boolean(),
        status: z.number().int().optional(),
        error: z.string().optional(),
      })
      .optional()
      .describe('The newest delivery; absent before the first'),
    failuresInRow: z.number().int().min(0).describe('Failed deliveries since the last good one'),
    lastHour: z.object({
      deliveries: z.number().int().min(0),
      delivered: z.number().int().min(0),
      share: z
        .number()
        .min(0)
        .max(1)
        .optional()
        .describe('delivered / deliveries; absent without a delivery in the hour'),
    }),
    failing: z.boolean().describe('The newest delivery failed'),
  })
  .meta({ id: 'PushHealth' });
export type PushHealth = z.infer<typeof PushHealth>;

export const PushHealthList = z.array(PushHealth).meta({ id: 'PushHealthList' });

/** The entries of a delivery log a health is made of (newest first). */
export interface DeliveryOutcome {
  at: number;
  ok: boolean;
  status?: number;
  error?: string;
}

const HOUR_MS = 3_600_000;

/** A channel's push health from its log, newest first, at `now`. */
export function pushHealthOf(
  channel: { uuid: string; name: string; to: string },
  log: readonly DeliveryOutcome[],
  now: number,
): PushHealth {
  const [newest] = log;
  let failuresInRow = 0;
  for (const entry of log) {
    if (entry.ok) break;
    failuresInRow += 1;
  }
  const hour = log.filter((entry) => entry.at > now - HOUR_MS);
  const delivered = hour.filter((entry) => entry.ok).length;
  return {
    channelUuid: channel.uuid,
    channelName: channel.name,
    to: channel.to,
    ...(newest
      ? {
          last: {
            at: newest.at,
            ok: newest.ok,
            ...(newest.status !== undefined ? { status: newest.status } : {}),
            ...(newest.error !== undefined ? { error: newest.error } : {}),
          },
        }
      : {}),
    failuresInRow,
    lastHour: {
      deliveries: hour.length,
      delivered,
      ...(hour.length > 0 ? { share: delivered / hour.length } : {}),
    },
    failing: newest !== undefined && !newest.ok,
  };
}

/** The answer to one test delivery (POST /v1/channels/{uuid}/push/test). */
export const PushTestResult = z
  .object({
    at: z.number().int(),
    ok: z.boolean().describe('The receiver answered 2xx'),
    status: z.number().int().optional().describe('The receiver’s HTTP status'),
    error: z.string().optional().describe('What went wrong, when it did not answer 2xx'),
  })
  .meta({ id: 'PushTestResult' });
export type PushTestResult = z.infer<typeof PushTestResult>;
