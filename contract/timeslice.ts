import { z } from 'zod';

/** Section 2.3: every element of a value is optional. */
export const ConnValue = z
  .object({ function: z.number().int().optional(), version: z.number().int().optional() })
  .meta({ id: 'ConnValue' });

export const GpsValue = z
  .object({
    ts: z.number().int().optional().describe('Node timestamp, epoch seconds'),
    hdop: z.number().optional(),
    fix: z.number().int().optional(),
    view: z.number().int().optional(),
    stationary: z.boolean().optional(),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
    calculated: z.boolean().optional(),
  })
  .meta({ id: 'GpsValue' });

export const TempValue = z
  .object({ ts: z.number().int().optional(), temperature: z.number().int().optional() })
  .meta({ id: 'TempValue' });

const sliceFields = {
  channelUuid: z.guid(),
  channelName: z.string(),
  gatewayUuid: z.guid(),
  gatewayName: z.string(),
  nodeUuid: z.guid(),
  nodeName: z.string(),
  sensorUuid: z.guid(),
  sensorName: z.string(),
  ts: z.number().int(),
};

export const Timeslice = z
  .discriminatedUnion('type', [
    z.object({ ...sliceFields, type: z.literal('CONN'), value: ConnValue }),
    z.object({ ...sliceFields, type: z.literal('GPS'), value: GpsValue }),
    z.object({ ...sliceFields, type: z.literal('TEMP'), value: TempValue }),
  ])
  .meta({ id: 'Timeslice' });
export type Timeslice = z.infer<typeof Timeslice>;
export type ConnValue = z.infer<typeof ConnValue>;
export type GpsValue = z.infer<typeof GpsValue>;
export type TempValue = z.infer<typeof TempValue>;

export const TimesliceList = z.array(Timeslice);
