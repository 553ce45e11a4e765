import { z } from 'zod';

/**
 * The messages of our live-stream extension (`GET /v1/channels/{uuid}/events`, `GET /v1/events`,
 * `text/event-stream`). Each message's `data` is JSON; `timeslices` carry the JSON array history
 * would answer (contract/timeslice.ts). docs/decisions/0021-live-streams.md, "Live streams".
 */

/** `event: open`: the replay is over and the stream is live. */
export const LiveOpen = z
  .object({
    replayed: z
      .enum(['none', 'events', 'history'])
      .describe(
        'What was sent before this: nothing, the events after Last-Event-ID, or history from `from`',
      ),
    /** History replayed from this instant (epoch ms). */
    from: z.number().int().optional(),
    missed: z
      .boolean()
      .describe(
        'True when readings may have been missed that this stream did not replay (the event ' +
          'log no longer holds Last-Event-ID, or the replay was cut at its limit): read history',
      ),
  })
  .meta({ id: 'LiveOpen' });
export type LiveOpen = z.infer<typeof LiveOpen>;

const liveEndReasons = [
  'token-expired',
  'credentials-refused',
  'out-of-reach',
  'forbidden',
  'too-slow',
  'shutdown',
] as const;
export type LiveEndReason = (typeof liveEndReasons)[number];

/** `event: end`: the cloud ends the stream, and says why; the connection closes after it. */
export const LiveEnd = z
  .object({
    status: z.enum(['UNAUTHORIZED', 'NOT_FOUND', 'FORBIDDEN', 'SERVICE_UNAVAILABLE']),
    reason: z.enum(liveEndReasons),
    message: z.string(),
  })
  .meta({ id: 'LiveEnd' });
export type LiveEnd = z.infer<typeof LiveEnd>;
