import { z } from 'zod';
import { ConnValue, GpsValue, TempValue } from '../../contract/timeslice.ts';
import { NodeSerial } from '../../contract/names.ts';

export const INGEST_MAX_MESSAGES = 1_000;
const SensorName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    'must be 1-64 letters, digits, dots, dashes or underscores',
  );

const common = {
  node: NodeSerial,
  sensor: SensorName,
  ts: z.number().int().min(0).describe('Epoch milliseconds'),
};

/** One message from a gateway: a value of one sensor of one node. Values are exactly section 2.3. */
export const GatewayMessage = z
  .discriminatedUnion('type', [
    z.strictObject({ ...common, type: z.literal('CONN'), value: ConnValue.strict() }),
    z.strictObject({ ...common, type: z.literal('GPS'), value: GpsValue.strict() }),
    z.strictObject({ ...common, type: z.literal('TEMP'), value: TempValue.strict() }),
  ])
  .meta({ id: 'GatewayMessage' });
export type GatewayMessage = z.infer<typeof GatewayMessage>;

export const IngestBody = z
  .strictObject({ messages: z.array(GatewayMessage).min(1).max(INGEST_MAX_MESSAGES) })
  .meta({ id: 'IngestRequest' });

export const IngestResult = z
  .object({
    status: z.literal('OK'),
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  })
  .meta({ id: 'IngestResult' });
export type IngestResult = z.infer<typeof IngestResult>;
