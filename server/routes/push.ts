import { z } from 'zod';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { badRequest } from '../http/errors.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { PushQuery } from '../schemas/push.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import type { FastifyRequest } from 'fastify';
import type { Channel, PushSettings } from '../store/channels.ts';
import { auditChannel, changeBy } from '../audit/change-by.ts';
import { openSecret } from '../secrets/push-secrets.ts';

export function pushRoutes(app: ZodApp, services: Services): void {
  const params = z.object({ channelUuid: Uuid });
  const channelFor = channelResolver(services);
  // A secret sealed under a key this cloud no longer has cannot be compared: it changed.
  const sameSecret = (stored: string, clear: string) => {
    try {
      return openSecret(services.sealer, stored) === clear;
    } catch {
      return false;
    }
  };
  /**
   * Stores the push settings with their audit entry in one transaction. The entry keeps the
   * address and interval before and after; of the secret only whether it changed.
   */
  const setAudited = (
    request: FastifyRequest,
    channel: Channel,
    push: (PushSettings & { clear: string }) | null,
  ) =>
    services.store.transaction(async (tx) => {
      const old = await tx.pushTargets.find(channel.id);
      const before = old ? { to: old.url, interval: old.interval } : null;
      const secretChanged = push !== null && (!old || !sameSecret(old.secret, push.clear));
      await tx.channels.setPush(
        channel.id,
        push && { url: push.url, interval: push.interval, secret: push.secret },
      );
      await tx.audit.record({
        ...changeBy(request, services.now()),
        tenant: channel.tenant,
        kind: push === null ? 'push.removed' : 'push.set',
        channel: auditChannel(channel),
        before,
        after: push && {
          to: push.url,
          interval: push.interval,
          secret: secretChanged ? 'changed' : 'unchanged',
        },
      });
    });

  app.put(
    '/v1/channels/:channelUuid/push',
    {
      schema: {
        tags: ['push'],
        summary: 'Set push configuration',
        description:
          'Overwrites the old configuration; the next delivery uses it. Events are POSTed to ' +
          '`to` as a PushDelivery, signed per Standard Webhooks with `secret` (`whsec_<base64>` ' +
          'as the specification says, any other secret as its UTF-8 bytes), which is stored and ' +
          'never returned. One attempt per delivery, 10 s limit, redirects not followed. ' +
          'Addresses that are or resolve to loopback, private, link-local, multicast or ' +
          'unspecified IPs are refused (400 when that is clear from the address itself). ' +
          'Needs UPDATE on the channel’s object type.',
        params,
        querystring: PushQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const { to, interval, secret } = request.query;
      const refusal = services.pushPolicy.neverDeliverable(new URL(to));
      if (refusal !== undefined) {
        throw badRequest(
          `query parameter 'to': ${refusal}; push delivers only to public addresses.`,
        );
      }
      const channel = await channelFor(
        request,
        operationNeeds['PUT /v1/channels/{channelUuid}/push'].channel,
      );
      await setAudited(request, channel, {
        url: to,
        interval,
        secret: services.sealer.seal(secret),
        clear: secret,
      });
      await services.pushChanged(channel.id);
      return { status: 'OK' as const };
    },
  );

  app.delete(
    '/v1/channels/:channelUuid/push',
    {
      schema: {
        tags: ['push'],
        summary: 'Remove push configuration',
        params,
        querystring: NoQuery,
        response: responses(StatusResult),
      },
    },
    async (request) => {
      const channel = await channelFor(
        request,
        operationNeeds['DELETE /v1/channels/{channelUuid}/push'].channel,
      );
      await setAudited(request, channel, null);
      await services.pushChanged(channel.id);
      return { status: 'OK' as const };
    },
  );
}
