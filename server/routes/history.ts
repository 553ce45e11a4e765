import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { TimesliceList } from '../../contract/timeslice.ts';
import {
  HISTORY_DEFAULT_COUNT,
  HISTORY_MAX_COUNT,
  HISTORY_MAX_SPAN_MS,
} from '../../contract/limits.ts';
import type { Services } from '../services.ts';
import { responses, sendJsonText, type ZodApp } from '../http/zod-app.ts';
import { Count, EpochMs, Uuid } from '../schemas/params.ts';
import { channelResolver } from './channel-access.ts';
import { operationNeeds } from './operation-needs.ts';
import { historyRange } from './history-range.ts';
import { callerOf } from '../auth/authenticate.ts';
import { PerUserQueue } from '../http/per-user-queue.ts';
import { historyColumnsJson, wantsColumns } from '../history/history-columns.ts';
import { HISTORY_COLUMNS_TYPE, HistoryColumns } from '../../contract/history-columns.ts';

export function historyRoutes(app: ZodApp, services: Services): void {
  const channelFor = channelResolver(services);
  const { historyPerUser, historyQueuePerUser } = services.config.limits;
  const gate = new PerUserQueue({
    limit: historyPerUser,
    queue: historyQueuePerUser,
    what: 'history requests',
    settings: `HISTORY_PER_USER=${historyPerUser}, HISTORY_QUEUE_PER_USER=${historyQueuePerUser}`,
  });
  app.get(
    '/v1/channels/:channelUuid/history',
    {
      schema: {
        tags: ['channels'],
        summary: 'History of a channel',
        description:
          `Sensor: its data; node: the node and its sensors; group: every member node with its ` +
          `sensors. \`from\` and \`to\` are epoch ms, both inclusive; \`to\` defaults to now, ` +
          `\`from\` to \`to\` − 24 h, \`count\` to ${HISTORY_DEFAULT_COUNT}. At most ` +
          `${HISTORY_MAX_SPAN_MS} ms and ${HISTORY_MAX_COUNT} items per request. Newest first; ` +
          'when the range holds more than `count`, the newest are returned: page backwards with ' +
          '`to` = the oldest `ts` received and drop items already seen (same sensorUuid and ts). ' +
          `Needs READ on assets.history or groups.history. One user has at most ${historyPerUser} ` +
          'history requests being answered at once (HISTORY_PER_USER); the next ones wait ' +
          `their turn, up to ${historyQueuePerUser} (HISTORY_QUEUE_PER_USER), and only one ` +
          'beyond those answers 429. ' +
          `Extension: with \`Accept: ${HISTORY_COLUMNS_TYPE}\` the same items come as columns ` +
          '(one array per field, names once per sensor and gateway; docs/decisions/0053).',
        params: z.object({ channelUuid: Uuid }),
        querystring: z.strictObject({
          from: EpochMs.optional(),
          to: EpochMs.optional(),
          count: Count.optional(),
        }),
        response: {
          ...responses(TimesliceList),
          200: {
            description: 'The items: a list, or columns when asked for (Accept)',
            content: {
              'application/json': { schema: TimesliceList },
              [HISTORY_COLUMNS_TYPE]: { schema: HistoryColumns },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { from, to } = historyRange(request.query, services.now());
      const count = request.query.count ?? HISTORY_DEFAULT_COUNT;
      const columns = wantsColumns(request.headers.accept);
      void reply.header('Vary', 'Accept');
      const json = await gate.within(
        callerOf(request).user.id,
        async () => {
          const channel = await channelFor(
            request,
            operationNeeds['GET /v1/channels/{channelUuid}/history'].channel,
          );
          return columns
            ? historyColumnsJson(services.timeslices, channel, from, to, count)
            : services.timeslices.historyJson(channel, from, to, count);
        },
        abortedWith(reply.raw),
      );
      return sendJsonText(reply, json, columns ? HISTORY_COLUMNS_TYPE : undefined);
    },
  );
}

/** Aborts when the response closes (its client went away; after it was sent, nobody listens). */
function abortedWith(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => controller.abort());
  return controller.signal;
}
