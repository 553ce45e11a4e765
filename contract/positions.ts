import { z } from 'zod';
import { GpsValue, TempValue } from './timeslice.ts';

/** A reading as the latest-positions extension gives it: when, and the value of section 2.3. */
const LatestGps = z.object({ ts: z.number().int(), value: GpsValue });
const LatestTemp = z.object({ ts: z.number().int(), value: TempValue });

export const NodePosition = z
  .object({
    nodeUuid: z.guid(),
    nodeName: z.string(),
    lastSeen: z.number().int().describe('Newest message of any kind from the node in the range'),
    gps: LatestGps.optional().describe('Newest GPS message with a position (lat and lon)'),
    temp: LatestTemp.optional().describe('Newest TEMP message'),
  })
  .meta({ id: 'NodePosition' });
export type NodePosition = z.infer<typeof NodePosition>;

export const WithheldNodes = z
  .object({
    tenant: z.string(),
    nodes: z.number().int().min(1),
    message: z.string().describe('Why, for a person: the permission that is missing'),
  })
  .meta({ id: 'WithheldNodes' });
export type WithheldNodes = z.infer<typeof WithheldNodes>;

/** Our extension: the newest position and temperature of every node in scope, in one answer. */
export const LatestPositions = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    nodes: z.array(NodePosition),
    withheld: z
      .array(WithheldNodes)
      .describe('Nodes within reach whose history the caller may not read, counted per tenant'),
  })
  .meta({ id: 'LatestPositions' });
export type LatestPositions = z.infer<typeof LatestPositions>;
