import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PushTestResult } from '../../contract/push-health.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { notFound } from '../http/errors.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { auditChannel, changeBy } from '../audit/change-by.ts';
import { HttpSender, type SendOutcome } from '../push/http-sender.ts';
import { signDelivery, signingKey } from '../push/signing.ts';
import { unsealedTargets } from '../secrets/push-secrets.ts';
import { operationNeeds } from './operation-needs.ts';
import { channelResolver } from './channel-access.ts';

/**
 * Our extension: one signed test delivery to a channel's push address, now, from the instance
 * that is asked (docs/decisions/0130-support-console-pages.md). One attempt, as every
 * delivery; its outcome goes to the delivery log (so push health shows it) and the audit trail.
 */
export function pushTestRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  const targets = unsealedTargets(services.store.pushTargets, services.sealer);
  // Its own sender: a test never waits behind the dispatcher's deliveries.
  const sender = new HttpSender(services.pushPolicy, { timeoutMs: services.config.pushTimeoutMs });

  app.post(
    '/v1/channels/:channelUuid/push/test',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Send a test event (extension)',
        description:
          'POSTs one delivery with no events and `"test": true` to the channel’s push address, ' +
          'signed with its secret as every delivery is, once (10 s limit, no redirects), and ' +
          'answers how the receiver answered. The attempt is logged like any delivery (push ' +
          'health and the delivery log show it) and recorded in the audit trail as ' +
          '`push.tested`. Needs UPDATE on the channel’s object type, as setting push does; ' +
          '404 without push configured.',
        params: z.object({ channelUuid: Uuid }),
        querystring: NoQuery,
        response: responses(PushTestResult),
      },
    },
    async (request): Promise<PushTestResult> => {
      const channel = await channelFor(
        request,
        operationNeeds['POST /v1/channels/{channelUuid}/push/test'].channel,
      );
      const target = await targets.find(channel.id);
      if (!target) throw notFound(`Channel ${channel.name} has no push configured.`);
      const at = services.now();
      const body = JSON.stringify({
        channelUuid: target.uuid,
        channelName: target.name,
        events: [],
        test: true,
      });
      const id = `msg_${randomUUID().replaceAll('-', '')}`;
      const headers = signDelivery(signingKey(target.secret), id, Math.floor(at / 1000), body);
      const outcome = await sender
        .send(new URL(target.url), { ...headers }, body)
        .catch((): SendOutcome => ({ error: 'the delivery could not be sent', durationMs: 0 }));
      const ok = outcome.error === undefined;
      const answer = {
        ...(outcome.status !== undefined ? { status: outcome.status } : {}),
        ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      };
      services.deliveryLog.add({
        channelId: channel.id,
        id,
        at,
        to: target.url,
        events: 0,
        dropped: 0,
        ok,
        ...answer,
        durationMs: outcome.durationMs,
      });
      await services.deliveryLog.flush();
      await services.store.transaction((tx) =>
        tx.audit.record({
          ...changeBy(request, at),
          tenant: channel.tenant,
          kind: 'push.tested',
          channel: auditChannel(channel),
          after: { to: target.url, ok, ...answer },
          result: ok ? 'OK' : `failed: ${outcome.error ?? 'no answer'}`,
        }),
      );
      return { at, ok, ...answer };
    },
  );
}
