import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';

/**
 * Our cloud's extensions (the push delivery log, push inboxes, latest positions, live streams) are not part of the interface: the
 * console looks for them in the cloud's OpenAPI document and shows nothing of them where a cloud
 * does not offer them.
 */
const OpenApiPaths = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
type Paths = z.infer<typeof OpenApiPaths>['paths'];

export interface CloudExtensions {
  /** The templated path of a channel's delivery log, e.g. "/v1/channels/{channelUuid}/push/deliveries". */
  deliveryLog: string | null;
  /** Push inboxes: receivers on the cloud to try push settings with. */
  pushInboxes: boolean;
  /** GET /v1/positions: the newest position of every node in one request. */
  latestPositions: boolean;
  /** GET /v1/channels/{uuid}/events: a channel's readings as they arrive (text/event-stream). */
  channelEvents: boolean;
  /** GET /v1/events: the readings of every node in reach as they arrive, in one stream. */
  fleetEvents: boolean;
  /** Creating a group and commissioning a node take the tenant to create in (`tenant`). */
  tenantChoice: boolean;
  /** GET /v1/alarms: alarms the cloud raises itself, watched whether or not a console is open. */
  alarms: boolean;
  /** GET /v1/places/reverse: the cloud's geocoder names a position (GEOCODER_URL set). */
  placeNames: boolean;
}

const none: CloudExtensions = {
  deliveryLog: null,
  pushInboxes: false,
  latestPositions: false,
  channelEvents: false,
  fleetEvents: false,
  tenantChoice: false,
  alarms: false,
  placeNames: false,
};

/** Whether an operation of the document takes a query parameter of this name. */
function takesQuery(paths: Paths, path: string, method: string, name: string): boolean {
  const operation = paths[path]?.[method];
  if (typeof operation !== 'object' || operation === null || !('parameters' in operation)) {
    return false;
  }
  const { parameters } = operation;
  return (
    Array.isArray(parameters) &&
    parameters.some(
      (parameter: unknown) =>
        typeof parameter === 'object' &&
        parameter !== null &&
        'name' in parameter &&
        'in' in parameter &&
        parameter.name === name &&
        parameter.in === 'query',
    )
  );
}

export function extensionsOf(paths: Paths): CloudExtensions {
  const offers = (path: string, method: string) => method in (paths[path] ?? {});
  const deliveryLog = Object.keys(paths).find(
    (candidate) =>
      /^\/v1\/channels\/\{[^}]+\}\/push\/[A-Za-z-]+$/.test(candidate) && offers(candidate, 'get'),
  );
  return {
    deliveryLog: deliveryLog ?? null,
    pushInboxes:
      offers('/v1/push-inboxes', 'post') &&
      Object.keys(paths).some(
        (path) => /^\/v1\/push-inboxes\/\{[^}]+\}$/.test(path) && offers(path, 'get'),
      ),
    latestPositions: offers('/v1/positions', 'get'),
    channelEvents: Object.keys(paths).some(
      (path) => /^\/v1\/channels\/\{[^}]+\}\/events$/.test(path) && offers(path, 'get'),
    ),
    fleetEvents: offers('/v1/events', 'get'),
    placeNames: offers('/v1/places/reverse', 'get'),
    tenantChoice:
      takesQuery(paths, '/v1/groups/{groupName}', 'post', 'tenant') &&
      takesQuery(paths, '/v1/nodes/{nodeSerial}', 'post', 'tenant'),
    alarms: offers('/v1/alarms', 'get'),
  };
}

async function fetchExtensions(signal?: AbortSignal): Promise<CloudExtensions> {
  try {
    const document = await apiRequest('/v1/openapi.json', {
      schema: () => OpenApiPaths,
      signal,
      anonymous: true,
    });
    return extensionsOf(document.paths);
  } catch {
    // A cloud without the document simply offers no extension the console knows.
    return none;
  }
}

export const extensionsQuery = () =>
  queryOptions({
    queryKey: ['capabilities', 'extensions'] as const,
    queryFn: ({ signal }) => fetchExtensions(signal),
    staleTime: Infinity,
    retry: false,
  });
