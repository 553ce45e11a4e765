import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HISTORY_MAX_SPAN_MS } from '../../contract/limits.ts';
import type { LiveEndReason } from '../../contract/live.ts';
import type { Services } from '../services.ts';
import { responses, type ZodApp } from '../http/zod-app.ts';
import { badRequest } from '../http/errors.ts';
import { AuthFailure, callerOf } from '../auth/authenticate.ts';
import type { Caller } from '../auth/caller.ts';
import { objectTypeOf } from '../auth/access-decision.ts';
import { EpochMs, Uuid } from '../schemas/params.ts';
import { SseConnection, RECONNECT_MS } from '../live/sse.ts';
import { LiveStream, parseEventId, REPLAY_MAX_ITEMS, type Replay } from '../live/live-stream.ts';
import type { ChannelScope, FleetStreamScope, StreamScope } from '../live/stream-scope.ts';
import { channelResolver } from './channel-access.ts';
import { fleetScope } from './fleet-scope.ts';
import { PerUserGate } from '../http/fair-share.ts';
import { operationNeeds } from './operation-needs.ts';
import { requireSomeTenant } from './need-checks.ts';

const LastEventId = z.object({
  'last-event-id': z
    .string()
    .optional()
    .describe('The id of the last event received: the stream replays every batch after it'),
});

const eventStream = (description: string) => ({
  200: {
    description,
    content: {
      'text/event-stream': {
        schema: z
          .string()
          .describe(
            'Server-Sent Events: `open` (LiveOpen), `timeslices` (a JSON array of timeslices, ' +
              'with an id), `heartbeat` (`{"at": <epoch ms>}`, every 15 s) and `end` (LiveEnd)',
          ),
      },
    },
  },
});

const streamRules = (heartbeatMs: number, perUser: number) =>
  `Each \`timeslices\` message carries an id (\`<seq>-<ms>\`: its place in the cloud's event ` +
  'log, which every instance follows); send it back as Last-Event-ID when reconnecting and ' +
  'the stream first replays every batch after it, from the event log (which keeps an hour), ' +
  'then says `open` and goes live. Alarms raised, acknowledged or cleared (extension) come as ' +
  '`alarm` messages, `{"type", "alarm"}`, after the batch that brought them. ' +
  `A \`heartbeat\` comes every ${heartbeatMs / 1000} s; ` +
  `\`retry\` is ${RECONNECT_MS} ms. An \`end\` message says why the cloud ends a stream: the ` +
  'bearer token expired (reconnect with a new one and Last-Event-ID), the access is gone (looked ' +
  'at again every minute), the client read too slowly, or the instance is stopping. Send ' +
  'credentials in the Authorization header, never in the URL. One user holds at most ' +
  `${perUser} streams at once (STREAMS_PER_USER); the next answers 429.`;

/** Which request's stream may go on: its credentials, reach and permission looked at again. */
async function callerAgain(request: FastifyRequest): Promise<Caller | LiveEndReason> {
  const credentials = request.credentials;
  if (!credentials) return 'credentials-refused';
  try {
    return await credentials.again();
  } catch (error) {
    if (error instanceof AuthFailure) return 'credentials-refused';
    throw error;
  }
}

function replayOf(request: FastifyRequest, since: number | undefined, now: number): Replay {
  const header = (request.headers as { 'last-event-id'?: string })['last-event-id'];
  if (header !== undefined && header !== '') {
    const position = parseEventId(header);
    if (!position) {
      throw badRequest(
        `Last-Event-ID "${header.slice(0, 40)}" is not an event id of this cloud; reconnect without it.`,
      );
    }
    return { kind: 'after', position };
  }
  if (since === undefined) return { kind: 'none' };
  if (since > now) throw badRequest('since must not be in the future.');
  if (since < now - HISTORY_MAX_SPAN_MS) {
    throw badRequest(
      'since is more than a day ago: read older readings through history, then stream from ' +
        'within the last day.',
    );
  }
  return { kind: 'since', from: since };
}

/** Our live-stream extension (docs/decisions/0021-live-streams.md, "Live streams"). */
export function liveRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  const { store } = services;
  const { streamsPerUser, streamBufferBytes, slowReaderMs } = services.config.limits;
  const streams = new PerUserGate(streamsPerUser, 'live streams', 'STREAMS_PER_USER');

  const stream = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: StreamScope,
    replay: Replay,
    recheck: () => Promise<StreamScope | LiveEndReason>,
  ) => {
    const leave = streams.enter(callerOf(request).user.id);
    const connection = new SseConnection(reply, streamBufferBytes);
    connection.onClose(leave);
    await LiveStream.open({
      hub: services.live,
      log: store.eventLog,
      readings: store.readings,
      timeslices: services.timeslices,
      connection,
      scope,
      replay,
      now: services.now,
      expiresAt: request.credentials?.expiresAt,
      recheck,
      recheckMs: services.config.liveRecheckMs,
      bufferBytes: streamBufferBytes,
      slowReaderMs,
      logger: request.log,
    }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'live stream could not start');
      connection.end();
    });
    return reply;
  };

  app.get(
    '/v1/channels/:channelUuid/events',
    {
      schema: {
        tags: ['extension: live'],
        summary: 'Live events of a channel (extension)',
        description:
          'Every timeslice that reaches the channel (sensor: its readings; node: the node and its ' +
          'sensors; group: its members, from the moment they joined), exactly as history shapes ' +
          `it, as it is stored. ${streamRules(services.config.liveHeartbeatMs, streamsPerUser)} Without Last-Event-ID, \`since\` (epoch ms, ` +
          'within the last day) replays history from that instant first (at most ' +
          `${REPLAY_MAX_ITEMS} readings, the newest). Needs READ on assets.history or ` +
          'groups.history, as history does.',
        params: z.object({ channelUuid: Uuid }),
        querystring: z.strictObject({ since: EpochMs.optional() }),
        headers: LastEventId,
        response: { ...responses(z.string()), ...eventStream('The channel’s events') },
      },
    },
    async (request, reply) => {
      const replay = replayOf(request, request.query.since, services.now());
      const channel = await channelFor(
        request,
        operationNeeds['GET /v1/channels/{channelUuid}/events'].channel,
      );
      const scope: ChannelScope = {
        kind: 'channel',
        channel: { id: channel.id, uuid: channel.uuid, name: channel.name },
      };
      return stream(request, reply, scope, replay, async () => {
        const caller = await callerAgain(request);
        if (typeof caller === 'string') return caller;
        const now = await store.channels.findById(channel.id);
        if (!now || !(await store.channels.isReachable(caller.user.id, now))) {
          return 'out-of-reach';
        }
        const history = `${objectTypeOf(now)}.history`;
        return caller.can(now.tenant, history, 'READ') ? scope : 'forbidden';
      });
    },
  );

  const fleetOf = async (caller: Caller): Promise<FleetStreamScope> => {
    const { wholeNodes, readableGroups } = await fleetScope(store.positions, caller);
    return { kind: 'fleet', wholeNodes, readableGroups };
  };

  app.get(
    '/v1/events',
    {
      schema: {
        tags: ['extension: live'],
        summary: 'Live events of every node in reach (extension)',
        description:
          'The fleet’s stream, scoped as the latest-positions extension (GET /v1/positions) is: ' +
          'every timeslice of every node in reach whose history the caller may read (READ on ' +
          'assets.history in its tenant, or what a reachable group holds with READ on ' +
          'groups.history), each shaped as its node’s history shows it (the node is the ' +
          `channel). One stream for a whole fleet, however many nodes. ${streamRules(services.config.liveHeartbeatMs, streamsPerUser)} When ` +
          'the log no longer holds Last-Event-ID, `open` says `missed`: read the latest ' +
          'positions again. Scope and permissions are looked at again every minute. Needs READ ' +
          'on assets.history or groups.history in some tenant.',
        querystring: z.strictObject({}),
        headers: LastEventId,
        response: { ...responses(z.string()), ...eventStream('The fleet’s events') },
      },
    },
    async (request, reply) => {
      const replay = replayOf(request, undefined, services.now());
      const caller = callerOf(request);
      requireSomeTenant(caller, operationNeeds['GET /v1/events'].someTenant);
      const scope = await fleetOf(caller);
      return stream(request, reply, scope, replay, async () => {
        const again = await callerAgain(request);
        return typeof again === 'string' ? again : fleetOf(again);
      });
    },
  );
}
