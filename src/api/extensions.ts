import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client.ts';
import { ApiError } from './errors.ts';

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
  /** GET /v1/users and /v1/users/{id}: people, for support (docs/decisions/0071-people-and-access.md). */
  people: boolean;
  /** GET /v1/channels/{uuid}/access?user=: why a person may or may not use a channel. */
  accessExplainer: boolean;
  /** Channels by name among the tenants where one looks people up (GET /v1/channels/lookup). */
  channelLookup: boolean;
  /** GET /v1/audit: every change made through the API (docs/decisions/0070-audit-trail.md). */
  audit: boolean;
  /** GET /v1/push/health and /v1/channels/{uuid}/push/health (docs/decisions/0072-push-health.md). */
  pushHealth: boolean;
  /** POST /v1/channels/{uuid}/push/test: one signed test delivery to the channel's push address. */
  pushTest: boolean;
  /** GET /v1/channels/{uuid}/reach: the groups a channel is in and the people who reach it. */
  channelReach: boolean;
  /** GET/PUT /v1/userinfo/notifications: alarms by e-mail (docs/notifications.md). */
  notifications: boolean;
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
  people: false,
  accessExplainer: false,
  channelLookup: false,
  audit: false,
  pushHealth: false,
  pushTest: false,
  channelReach: false,
  notifications: false,
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
  // A channel's own extension, whatever its path parameter is called.
  const onChannel = (tail: string, method: string) =>
    Object.keys(paths).some(
      (path) => new RegExp(`^/v1/channels/\\{[^}]+\\}/${tail}$`).test(path) && offers(path, method),
    );
  // Push health sits beside the log under /push/ and is not a log.
  const deliveryLog = Object.keys(paths).find(
    (candidate) =>
      /^\/v1\/channels\/\{[^}]+\}\/push\/[A-Za-z-]+$/.test(candidate) &&
      !/\/push\/(health|test)$/.test(candidate) &&
      offers(candidate, 'get'),
  );
  return {
    deliveryLog: deliveryLog ?? null,
    pushInboxes:
      offers('/v1/push-inboxes', 'post') &&
      Object.keys(paths).some(
        (path) => /^\/v1\/push-inboxes\/\{[^}]+\}$/.test(path) && offers(path, 'get'),
      ),
    latestPositions: offers('/v1/positions', 'get'),
    channelEvents: onChannel('events', 'get'),
    fleetEvents: offers('/v1/events', 'get'),
    placeNames: offers('/v1/places/reverse', 'get'),
    tenantChoice:
      takesQuery(paths, '/v1/groups/{groupName}', 'post', 'tenant') &&
      takesQuery(paths, '/v1/nodes/{nodeSerial}', 'post', 'tenant'),
    alarms: offers('/v1/alarms', 'get'),
    people:
      offers('/v1/users', 'get') &&
      Object.keys(paths).some(
        (path) => /^\/v1\/users\/\{[^}]+\}$/.test(path) && offers(path, 'get'),
      ),
    accessExplainer: onChannel('access', 'get'),
    channelLookup: offers('/v1/channels/lookup', 'get'),
    audit: offers('/v1/audit', 'get'),
    pushHealth: offers('/v1/push/health', 'get') && onChannel('push/health', 'get'),
    pushTest: onChannel('push/test', 'post'),
    channelReach: onChannel('reach', 'get'),
    notifications: offers('/v1/userinfo/notifications', 'put'),
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
  } catch (error) {
    // The cloud out of reach says nothing of what it offers: asked again once it answers
    // (query-client.ts), instead of an answer "nothing" that would stand for the session and
    // would tell the console the cloud is reachable again.
    if (error instanceof ApiError && error.isOutage) throw error;
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
