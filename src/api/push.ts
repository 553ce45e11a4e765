import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, segment } from './client.ts';

/** The push delivery log is our cloud's extension, found through extensions.ts. */
const pushKeys = {
  deliveries: (template: string, channelUuid: string) =>
    ['channels', 'push-log', template, channelUuid] as const,
};

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
    queryKey: pushKeys.deliveries(template, channelUuid),
    queryFn: ({ signal }) => fetchDeliveries(template, channelUuid, signal),
    // Someone watching the log is usually waiting for the next delivery.
    refetchInterval: 5_000,
  });
