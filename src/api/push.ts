import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, segment } from './client.ts';

/**
 * The push delivery log is an extension of our cloud, not of the interface: the console looks for
 * it in the cloud's OpenAPI document and shows nothing when a cloud does not offer it.
 */
const OpenApiPaths = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

export const pushKeys = {
  capabilities: ['capabilities', 'push-log'] as const,
  deliveries: (template: string, channelUuid: string) =>
    ['channels', 'push-log', template, channelUuid] as const,
};

/** The templated path of the log, e.g. "/v1/channels/{channelUuid}/push/deliveries", or null. */
export async function findDeliveryLogPath(signal?: AbortSignal): Promise<string | null> {
  try {
    const document = await apiRequest('/v1/openapi.json', {
      schema: () => OpenApiPaths,
      signal,
      anonymous: true,
    });
    const path = Object.keys(document.paths).find(
      (candidate) =>
        /^\/v1\/channels\/\{[^}]+\}\/push\/[A-Za-z-]+$/.test(candidate) &&
        'get' in (document.paths[candidate] ?? {}),
    );
    return path ?? null;
  } catch {
    // A cloud without the document (or without the extension) simply has no log to show.
    return null;
  }
}

export const deliveryLogPathQuery = () =>
  queryOptions({
    queryKey: pushKeys.capabilities,
    queryFn: ({ signal }) => findDeliveryLogPath(signal),
    staleTime: Infinity,
    retry: false,
  });

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
export function normaliseDelivery(raw: z.infer<typeof RawDelivery>, index: number): Delivery {
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

export async function fetchDeliveries(
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
    refetchInterval: 15_000,
  });
