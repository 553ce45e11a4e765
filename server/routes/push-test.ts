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

/** The newest readings a test event carries, and how far back it looks for them. */
const SAMPLE_COUNT = 10;
const SAMPLE_LOOKBACK_MS = 7 * 86_400_000;
const NO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * What a test event carries (issue 34): the channel's newest readings, oldest first as in every
 * delivery, so a receiver (and the push inbox) sees a real sample; a channel that has none yet
 * gets one example timeslice, marked by `"example": true` on the delivery and by its names.
 */
async function sampleOf(
  services: Services,
  channel: { id: number; uuid: string; name: string },
  at: number,
): Promise<{ events: string; count: number; example: boolean }> {
  const json = await services.timeslices.historyJson(
    channel,
    at - SAMPLE_LOOKBACK_MS,
    at,
    SAMPLE_COUNT,
  );
  const newestFirst = JSON.parse(json) as unknown[];
  if (newestFirst.length > 0) {
    return {
      events: JSON.stringify(newestFirst.reverse()),
      count: newestFirst.length,
      example: false,
    };
  }
  const example = {
    channelUuid: channel.uuid,
    channelName: channel.name,
    gatewayUuid: NO_UUID,
    gatewayName: 'Example gateway',
    nodeUuid: NO_UUID,
    nodeName: 'Example node',
    sensorUuid: NO_UUID,
    sensorName: 'example',
    ts: at,
    type: 'TEMP',
    value: { ts: Math.floor(at / 1000), temperature: 4 },
  };
  return { events: JSON.stringify([example]), count: 1, example: true };
}

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
          'POSTs one delivery with `"test": true` to the channel’s push address, carrying the ' +
          'channel’s newest readings (up to 10 of the last 7 days, oldest first) or, when it has ' +
          'none, one example timeslice marked `"example": true`, ' +
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
      const sample = await sampleOf(services, channel, at);
      // Built as text: the events are the stored JSON as history answers it.
      const body =
        `{"channelUuid":"${target.uuid}","channelName":${JSON.stringify(target.name)},` +
        `"events":${sample.events},"test":true${sample.example ? ',"example":true' : ''}}`;
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
        events: sample.count,
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
