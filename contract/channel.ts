import { z } from 'zod';

export const channelTypes = ['NODE', 'SENSOR', 'GROUP', 'GATEWAY'] as const;
export const ChannelType = z.enum(channelTypes).meta({
  id: 'ChannelType',
  description: 'GATEWAY is our value for gateway nodes; the interface names none.',
});
export type ChannelType = z.infer<typeof ChannelType>;

export const Properties = z
  .record(z.string(), z.unknown())
  .meta({ id: 'Properties', description: 'Free-form JSON object.' });
export type Properties = z.infer<typeof Properties>;

/** Section 2.1. Each operation returns the fields it lists; the others are absent. */
export const ChannelRecord = z
  .object({
    uuid: z.guid(),
    channelType: ChannelType,
    name: z.string(),
    tenant: z
      .string()
      .optional()
      .describe(
        'Extension: the tenant the channel belongs to, whose permissions apply to it. Every ' +
          'record of our cloud carries it; a cloud without it leaves it out.',
      ),
    reference: z
      .string()
      .optional()
      .describe('Node or gateway serial: in commissioning, and (our decision) info and listing'),
    active: z.boolean(),
    pushInterval: z.number().int().min(0).optional(),
    pushURL: z.string().optional(),
    properties: Properties.optional(),
  })
  .meta({ id: 'ChannelRecord' });
export type ChannelRecord = z.infer<typeof ChannelRecord>;

export const ChannelRecordList = z.array(ChannelRecord);
