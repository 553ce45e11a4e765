import { describe, expect, it } from 'vitest';
import { extensionsOf } from './extensions.ts';

describe('extensions found in the OpenAPI document', () => {
  it('finds the delivery log and push inboxes our cloud offers', () => {
    expect(
      extensionsOf({
        '/v1/channels/{channelUuid}': { get: {} },
        '/v1/channels/{channelUuid}/push': { put: {}, delete: {} },
        '/v1/channels/{channelUuid}/push/deliveries': { get: {} },
        '/v1/push-inboxes': { get: {}, post: {} },
        '/v1/push-inboxes/{inboxUuid}': { get: {}, delete: {} },
      }),
    ).toEqual({ deliveryLog: '/v1/channels/{channelUuid}/push/deliveries', pushInboxes: true });
  });

  it('finds nothing in a cloud that only follows the interface', () => {
    expect(
      extensionsOf({
        '/v1/channels/{channelUuid}/push': { put: {}, delete: {} },
        '/v1/push-inboxes': { get: {} },
      }),
    ).toEqual({ deliveryLog: null, pushInboxes: false });
  });
});
