import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { pushHealthOf, type DeliveryOutcome, type PushHealth } from '../../contract/push-health.ts';
import { apiRequest, segment } from './client.ts';
import { channelKeys } from './query-keys.ts';

const number = z.number().optional();
const RawDelivery = z
  .object({
    id: z.string().optional(),
    at: z.union([z.number(), z.string()]).optional(),
    ts: z.union([z.number(), z.string()]).optional(),
    time: z.union([z.number(), z.string()]).optional(),
    startedAt: z.union([z.number(), z.string()]).optional(),
    eventCount: number,
    events: number,
    count: number,
    ok: z.boolean().optional(),
    status: z.union([z.number(), z.string()]).nullable().optional(),
    responseStatus: number.nullable(),
    error: z.string().nullable().optional(),
    durationMs: number,
    duration: number,
    to: z.string().optional(),
    url: z.string().optional(),
  })
  .loose();

export interface Delivery {
  key: string;
  at: Date | null;
  eventCount: number | null;
  /** The receiver answered 2xx. */
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
  to: string | null;
}

function toDate(value: number | string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Field names are the extension's; a few spellings are accepted so a close variant still reads. */
function normaliseDelivery(raw: z.infer<typeof RawDelivery>, index: number): Delivery {
  const status = raw.responseStatus ?? (typeof raw.status === 'number' ? raw.status : null);
  const at = toDate(raw.at ?? raw.ts ?? raw.time ?? raw.startedAt);
  return {
    key: raw.id ?? `${at?.getTime() ?? 'unknown'}-${index}`,
    at,
    eventCount: raw.eventCount ?? raw.events ?? raw.count ?? null,
    ok: raw.ok ?? (status !== null && status >= 200 && status < 300),
    responseStatus: status,
    error: raw.error ?? (typeof raw.status === 'string' && status === null ? raw.status : null),
    durationMs: raw.durationMs ?? raw.duration ?? null,
    to: raw.to ?? raw.url ?? null,
  };
}

const DeliveryList = z
  .union([z.array(RawDelivery), z.object({ deliveries: z.array(RawDelivery) }).loose()])
  .transform((value) => (Array.isArray(value) ? value : value.deliveries));

async function fetchDeliveries(
  template: string,
  channelUuid: string,
  signal?: AbortSignal,
): Promise<Delivery[]> {
  const path = template.replace(/\{[^}]+\}/, segment(channelUuid));
  const list = await apiRequest(path, { schema: () => DeliveryList, signal });
  return list.map(normaliseDelivery);
}

export const deliveriesQuery = (template: string, channelUuid: string) =>
  queryOptions({
    queryKey: channelKeys.pushLog(template, channelUuid),
    queryFn: ({ signal }) => fetchDeliveries(template, channelUuid, signal),
    // Someone watching the log is usually waiting for the next delivery.
    refetchInterval: 5_000,
  });

/**
 * The push health of a channel as its delivery log shows it (the same function the cloud uses,
 * contract/push-health.ts), at the moment the log was read: where the log is on screen, the health
 * beside it is made of the same answer, so the two never disagree (issue 33).
 */
export function healthOfLog(
  channel: { uuid: string; name: string; to: string },
  log: readonly Delivery[],
  readAt: number,
): PushHealth {
  const outcomes = log.flatMap((delivery): DeliveryOutcome[] =>
    delivery.at === null
      ? []
      : [
          {
            at: delivery.at.getTime(),
            ok: delivery.ok,
            ...(delivery.responseStatus === null ? {} : { status: delivery.responseStatus }),
            ...(delivery.error === null ? {} : { error: delivery.error }),
          },
        ],
  );
  return pushHealthOf(channel, outcomes, readAt);
}
