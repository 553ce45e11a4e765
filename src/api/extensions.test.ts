import { describe, expect, it } from 'vitest';
import { extensionsOf } from './extensions.ts';

describe('extensions found in the OpenAPI document', () => {
  it('finds the delivery log, push inboxes, latest positions, live streams, places and alarms our cloud offers', () => {
    expect(
      extensionsOf({
        '/v1/channels/{channelUuid}': { get: {} },
        '/v1/channels/{channelUuid}/push': { put: {}, delete: {} },
        // Health sits under /push/ too, and before the log: it is not the log.
        '/v1/channels/{channelUuid}/push/health': { get: {} },
        '/v1/channels/{channelUuid}/push/deliveries': { get: {} },
        '/v1/push-inboxes': { get: {}, post: {} },
        '/v1/push-inboxes/{inboxUuid}': { get: {}, delete: {} },
        '/v1/positions': { get: {} },
        '/v1/channels/{channelUuid}/events': { get: {} },
        '/v1/events': { get: {} },
        '/v1/places/reverse': { get: {} },
        '/v1/userinfo/notifications': { get: {}, put: {} },
        '/v1/alarms': { get: {} },
        '/v1/push/health': { get: {} },
        '/v1/channels/{channelUuid}/push/test': { post: {} },
        '/v1/channels/{channelUuid}/access': { get: {} },
        '/v1/channels/{channelUuid}/reach': { get: {} },
        '/v1/users': { get: {} },
        '/v1/channels/lookup': { get: {} },
        '/v1/users/{userId}': { get: {} },
        '/v1/audit': { get: {} },
        '/v1/groups/{groupName}': { post: { parameters: [{ name: 'tenant', in: 'query' }] } },
        '/v1/nodes/{nodeSerial}': {
          post: {
            parameters: [
              { name: 'name', in: 'query' },
              { name: 'tenant', in: 'query' },
            ],
          },
        },
      }),
    ).toEqual({
      deliveryLog: '/v1/channels/{channelUuid}/push/deliveries',
      pushInboxes: true,
      latestPositions: true,
      channelEvents: true,
      fleetEvents: true,
      tenantChoice: true,
      placeNames: true,
      alarms: true,
      people: true,
      accessExplainer: true,
      channelLookup: true,
      audit: true,
      pushHealth: true,
      pushTest: true,
      channelReach: true,
      notifications: true,
    });
  });

  it('finds nothing in a cloud that only follows the interface', () => {
    expect(
      extensionsOf({
        '/v1/channels/{channelUuid}/push': { put: {}, delete: {} },
        '/v1/push-inboxes': { get: {} },
        '/v1/groups/{groupName}': { post: { parameters: [] } },
      }),
    ).toEqual({
      deliveryLog: null,
      pushInboxes: false,
      latestPositions: false,
      channelEvents: false,
      fleetEvents: false,
      tenantChoice: false,
      placeNames: false,
      alarms: false,
      people: false,
      accessExplainer: false,
      channelLookup: false,
      audit: false,
      pushHealth: false,
      pushTest: false,
      channelReach: false,
      notifications: false,
    });
  });
});
