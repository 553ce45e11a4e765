import { z } from 'zod';

/**
 * Our extension of history (docs/decisions/0053-columnar-history.md): the items of the list,
 * newest first, as one array per field. Asked for with `Accept: HISTORY_COLUMNS_TYPE`; any other
 * request gets the list of section 2.3.
 */
export const HISTORY_COLUMNS_TYPE = 'application/vnd.telemetry.history-columns+json';

const nums = z.array(z.number().nullable());
const ints = z.array(z.number().int().nullable());
const flags = z.array(z.boolean().nullable());

export const HistoryColumns = z
  .object({
    columns: z.literal(1),
    channel: z.object({ uuid: z.guid(), name: z.string() }),
    gateways: z.array(z.object({ uuid: z.guid(), name: z.string() })),
    sensors: z.array(
      z.object({
        sensorUuid: z.guid(),
        sensorName: z.string(),
        nodeUuid: z.guid(),
        nodeName: z.string(),
      }),
    ),
    ts: z.array(z.number().int()).describe('Per row, newest first'),
    gateway: z.array(z.number().int().min(0)).describe('Per row: index into gateways'),
    sensor: z.array(z.number().int().min(0)).describe('Per row: index into sensors'),
    type: z
      .string()
      .regex(/^[CGT]*$/)
      .describe('Per row one letter: C (CONN), G (GPS), T (TEMP)'),
    temp: z
      .object({ ts: ints, temperature: ints })
      .describe('A row per T, in the rows’ order; null where the value has no such field'),
    gps: z
      .object({
        ts: ints,
        hdop: nums,
        fix: ints,
        view: ints,
        stationary: flags,
        lat: nums,
        lon: nums,
        calculated: flags,
      })
      .describe('A row per G, in the rows’ order'),
    conn: z.object({ function: ints, version: ints }).describe('A row per C, in the rows’ order'),
  })
  .meta({ id: 'HistoryColumns' });
export type HistoryColumns = z.infer<typeof HistoryColumns>;
