import { openSecret } from '../secrets/push-secrets.ts';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { PushDelivery, PushInbox, PushInboxList, PushInboxSummary } from '../../contract/push.ts';
import { StatusResult } from '../../contract/status.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import type { Caller } from '../auth/caller.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/errors.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireSomeTenant } from './need-checks.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { PushSecret } from '../../contract/push-settings.ts';
import { signingKey } from '../push/signing.ts';
import type { PushInbox as Inbox } from '../store/push-inboxes.ts';
import { INBOX_ARRIVALS_KEPT } from '../push/limits.ts';

const INBOXES_PER_USER = 10;
const EVENTS_SHOWN = 100;
/** A delivery carries at most 10,000 events, a few MB. */
const INBOX_BODY_LIMIT = 8 * 1_048_576;

const params = z.object({ inboxUuid: Uuid });

/**
 * Our extension for demos and tests: a receiver on the cloud itself. A person creates an inbox
 * with a secret (in the body, never in a URL), sets a channel's push to the inbox's address with
 * the same secret, and sees what arrived and whether its signature verified. Inboxes belong to
 * the user who created them; nobody else sees them.
 */
export function pushInboxRoutes(app: ZodApp, services: Services): void {
  const { pushInboxes } = services.store;
  const summary = (inbox: Inbox): PushInboxSummary => ({
    uuid: inbox.uuid,
    address: `${services.config.publicUrl}/v1/push-inboxes/${inbox.uuid}/deliveries`,
    createdAt: inbox.createdAt,
  });
  const ownInbox = async (caller: Caller, uuid: string): Promise<Inbox> => {
    const inbox = await pushInboxes.find(uuid);
    if (!inbox || inbox.ownerId !== caller.user.id) {
      throw notFound(`Push inbox ${uuid} does not exist or is not yours.`);
    }
    return inbox;
  };

  app.post(
    '/v1/push-inboxes',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Create a push inbox (extension)',
        description:
          'A receiver on the cloud for trying push settings: use the answer’s `address` as ' +
          'the push address `to`, with the same secret. The secret is sent in the body, stored ' +
          'to verify signatures, and never returned. Needs UPDATE on assets or groups in some ' +
          `tenant (whoever may set push); at most ${INBOXES_PER_USER} inboxes per user.`,
        querystring: NoQuery,
        body: z.strictObject({ secret: PushSecret }).meta({ id: 'PushInboxRequest' }),
        response: responses(PushInboxSummary, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'CONFLICT',
          'UNSUPPORTED_MEDIA_TYPE',
        ]),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      requireSomeTenant(caller, operationNeeds['POST /v1/push-inboxes'].someTenant);
      if ((await pushInboxes.countOf(caller.user.id)) >= INBOXES_PER_USER) {
        throw conflict(`You have ${INBOXES_PER_USER} push inboxes; delete one first.`);
      }
      const sealed = services.sealer.seal(request.body.secret);
      const inbox = await pushInboxes.create(caller.user.id, sealed, services.now());
      reply.header('cache-control', 'no-store');
      return summary(inbox);
    },
  );

  app.get(
    '/v1/push-inboxes',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Your push inboxes (extension)',
        querystring: NoQuery,
        response: responses(PushInboxList, ['BAD_REQUEST', 'UNAUTHORIZED']),
      },
    },
    async (request) => (await pushInboxes.listOf(callerOf(request).user.id)).map(summary),
  );

  app.get(
    '/v1/push-inboxes/:inboxUuid',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'A push inbox with what arrived (extension)',
        description: `Arrivals newest first (the last 50), each with at most ${EVENTS_SHOWN} events.`,
        params,
        querystring: NoQuery,
        response: responses(PushInbox, ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND']),
      },
    },
    async (request) => {
      const inbox = await ownInbox(callerOf(request), request.params.inboxUuid);
      return { ...summary(inbox), arrivals: await pushInboxes.arrivals(inbox.id) };
    },
  );

  app.delete(
    '/v1/push-inboxes/:inboxUuid',
    {
      schema: {
        tags: ['extension: push'],
        summary: 'Delete a push inbox (extension)',
        params,
        querystring: NoQuery,
        response: responses(StatusResult, ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND']),
      },
    },
    async (request) => {
      const inbox = await ownInbox(callerOf(request), request.params.inboxUuid);
      await pushInboxes.delete(inbox.id);
      return { status: 'OK' as const };
    },
  );

  void app.register(async (scope) =>
    receiveRoute(scope.withTypeProvider<ZodTypeProvider>(), services),
  );
}

/** The inbox's address. Signatures are checked on the bytes as sent, so the raw body is kept. */
function receiveRoute(scope: ZodApp, services: Services): void {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: INBOX_BODY_LIMIT },
    (request, body, done) => {
      const text = String(body);
      rawBodies.set(request, text);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(badRequest('The body is not valid JSON.'), undefined);
      }
    },
  );

  scope.post(
    '/v1/push-inboxes/:inboxUuid/deliveries',
    {
      bodyLimit: INBOX_BODY_LIMIT,
      schema: {
        tags: ['extension: push'],
        summary: 'Receive a push delivery (extension)',
        description:
          'The address of a push inbox. No credentials: the Standard Webhooks signature ' +
          '(webhook-id, webhook-timestamp, webhook-signature) is verified with the inbox ' +
          'secret by the official standardwebhooks library, and the arrival is recorded either ' +
          'way. Answers 200 when it verifies, 401 when it does not.',
        security: [],
        params,
        querystring: NoQuery,
        body: PushDelivery,
        response: responses(StatusResult, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'NOT_FOUND',
          'PAYLOAD_TOO_LARGE',
          'UNSUPPORTED_MEDIA_TYPE',
        ]),
      },
    },
    async (request) => {
      const { pushInboxes } = services.store;
      const inbox = await pushInboxes.findWithSecret(request.params.inboxUuid);
      if (!inbox) throw notFound(`Push inbox ${request.params.inboxUuid} does not exist.`);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : '';
      };
      const webhookId = header('webhook-id').slice(0, 128);
      const problem = verify(
        openSecret(services.sealer, inbox.secret),
        rawBodies.get(request) ?? '',
        {
          'webhook-id': header('webhook-id'),
          'webhook-timestamp': header('webhook-timestamp'),
          'webhook-signature': header('webhook-signature'),
        },
      );
      const at = Date.now();
      if (problem !== undefined) {
        await pushInboxes.record(
          inbox.id,
          { at, verified: false, problem, ...(webhookId ? { webhookId } : {}) },
          INBOX_ARRIVALS_KEPT,
        );
        throw new ApiError('UNAUTHORIZED', `The delivery does not verify: ${problem}.`, {
          'www-authenticate': 'Signature realm="push inbox"',
        });
      }
      const delivery = request.body;
      const arrival = {
        at,
        verified: true,
        webhookId,
        channelUuid: delivery.channelUuid,
        channelName: delivery.channelName,
        eventCount: delivery.events.length,
        events: JSON.stringify(delivery.events.slice(0, EVENTS_SHOWN)),
      };
      await pushInboxes.record(inbox.id, arrival, INBOX_ARRIVALS_KEPT);
      return { status: 'OK' as const };
    },
  );
}

const problems: Record<string, string> = {
  'Missing required headers': 'webhook-id, webhook-timestamp or webhook-signature is missing',
  'No matching signature found': 'the signature does not match the inbox secret',
  'Message timestamp too old': 'webhook-timestamp is more than 5 minutes old',
  'Message timestamp too new': 'webhook-timestamp is more than 5 minutes ahead',
  'Invalid Signature Headers': 'webhook-timestamp is not a number',
};

/** Why the delivery does not verify, or undefined when it does. */
function verify(secret: string, body: string, headers: Record<string, string>): string | undefined {
  try {
    new Webhook(signingKey(secret), { format: 'raw' }).verify(body, headers, { jsonParse: false });
    return undefined;
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      return problems[error.message] ?? error.message;
    }
    throw error;
  }
}
