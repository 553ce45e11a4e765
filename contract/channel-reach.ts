import { z } from 'zod';

const Ref = z.object({ uuid: z.string(), name: z.string() });

/** The groups a channel is in and who reaches it (docs/decisions/0130-support-console-pages.md). */
export const ChannelReach = z
  .object({
    groups: z
      .array(z.object({ group: Ref, member: Ref.describe('The channel or its node') }))
      .describe('The groups the channel (or its node) is a member of, of those you reach'),
    people: z.object({
      count: z.number().int().min(0).describe('People who reach the channel'),
      list: z
        .array(
          z.object({ id: z.string(), username: z.string(), name: z.string(), tenant: z.string() }),
        )
        .optional()
        .describe('Who they are: only for callers with READ on users in the channel’s tenant'),
    }),
  })
  .meta({ id: 'ChannelReach' });
export type ChannelReach = z.infer<typeof ChannelReach>;
