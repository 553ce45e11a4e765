import { z } from 'zod';
import { ChannelRecord } from '../../contract/channel.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { callerOf } from '../auth/authenticate.ts';
import { conflict } from '../http/errors.ts';
import { recordJson } from '../http/channel-json.ts';
import { StoreConflict } from '../store/errors.ts';
import { IngestBody, IngestResult } from '../schemas/ingest.ts';
import { ChannelName, GatewaySerial } from '../../contract/names.ts';
import { NoQuery, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireTenant } from './need-checks.ts';
import { auditChannel, changeBy } from '../audit/change-by.ts';

const GatewayKey = z
  .object({
    channel: ChannelRecord,
    key: z.string().describe('Shown once: the gateway sends it as the password of HTTP Basic'),
  })
  .meta({ id: 'GatewayKey' });

/** Our extension: registering gateways and the ingestion endpoint they deliver to. */
export function gatewayRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);

  app.post(
    '/v1/gateways/:gatewaySerial',
    {
      schema: {
        tags: ['extension: gateways'],
        summary: 'Register a gateway (extension)',
        description:
          'Creates a GATEWAY channel owned by the caller and issues the key the gateway delivers ' +
          'with. The key is returned once and stored only as a digest. Needs COMMISSION on assets.',
        params: z.object({ gatewaySerial: GatewaySerial }),
        querystring: z.strictObject({ name: ChannelName.optional() }),
        response: responses(GatewayKey, ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'CONFLICT']),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const tenant = requireTenant(
        caller,
        operationNeeds['POST /v1/gateways/{gatewaySerial}'].tenant,
      );
      const serial = request.params.gatewaySerial;
      const taken = conflict(`Serial ${serial} is already commissioned.`);
      const { gateway, key } = await services.store
        .transaction(async (tx) => {
          if (await tx.channels.findCommissioned(serial)) throw taken;
          const now = services.now();
          const created = await tx.channels.create({
            type: 'GATEWAY',
            name: request.query.name ?? serial,
            tenant,
            ownerId: caller.user.id,
            reference: serial,
            now,
          });
          await tx.channels.grantAccess(caller.user.id, created.id);
          await tx.audit.record({
            ...changeBy(request, now),
            tenant,
            kind: 'gateway.registered',
            channel: auditChannel(created),
            after: { serial, name: created.name },
          });
          return { gateway: created, key: await tx.gatewayKeys.issue(created.id, now) };
        })
        .catch((error: unknown) => {
          throw error instanceof StoreConflict ? taken : error;
        });
      reply.header('cache-control', 'no-store');
      return { channel: JSON.parse(recordJson(gateway, 'commissioned')) as ChannelRecord, key };
    },
  );

  app.post(
    '/v1/gateways/:gatewayUuid/key',
    {
      schema: {
        tags: ['extension: gateways'],
        summary: 'Issue a new key for a gateway (extension)',
        description: 'The old key stops working at once. Needs UPDATE on assets.',
        params: z.object({ gatewayUuid: Uuid }),
        querystring: NoQuery,
        response: responses(GatewayKey),
      },
    },
    async (request, reply) => {
      const gateway = await channelFor(
        request,
        operationNeeds['POST /v1/gateways/{gatewayUuid}/key'].channel,
      );
      const key = await services.store.gatewayKeys.issue(gateway.id, services.now());
      reply.header('cache-control', 'no-store');
      return { channel: JSON.parse(recordJson(gateway, 'commissioned')) as ChannelRecord, key };
    },
  );

  app.post(
    '/v1/ingest',
    {
      bodyLimit: 1_048_576,
      schema: {
        tags: ['extension: gateways'],
        summary: 'Deliver messages from a gateway (extension)',
        description:
          'HTTP Basic with the gateway serial and its key. Up to 1000 messages; the batch is ' +
          'stored in one transaction. Messages for nodes that are not commissioned, with a type ' +
          'other than their sensor’s, more than 5 minutes in the future or more than 400 days ' +
          '(or RETENTION_DAYS) in the past are reported in ' +
          '`rejected` by index; a message already stored (same node, sensor and ts) counts as a ' +
          'duplicate. A body that does not match the schema is refused whole with 400.',
        security: [{ gatewayBasic: [] }],
        querystring: NoQuery,
        body: IngestBody,
        response: responses(IngestResult, [
          'BAD_REQUEST',
          'UNAUTHORIZED',
          'PAYLOAD_TOO_LARGE',
          'UNSUPPORTED_MEDIA_TYPE',
        ]),
      },
    },
    async (request) => {
      const gateway = request.gateway;
      if (!gateway) throw new Error('ingestion without an authenticated gateway');
      return services.ingestion.ingest(gateway, request.body.messages);
    },
  );
}
